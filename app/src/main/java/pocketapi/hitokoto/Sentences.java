package pocketapi.hitokoto;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.random.RandomGenerator;
import pocketapi.files.Allowance;
import pocketapi.files.Json;
import pocketapi.files.Resources;
import pocketapi.logging.LogText;

/**
 * Sentences by category ({@code a} 动画 … {@code l} 抖机灵), each category sorted by length, so that a pick among categories
 * and a range of lengths is two binary searches and one draw. Immutable.
 */
public final class Sentences {
    /** The categories, {@code a} to {@code l}. */
    public static final String CATEGORIES = "abcdefghijkl";
    /** What a sentence takes of the heap beside its text (the record, its uuid; shared strings counted apart). */
    static final int BYTES_PER_SENTENCE = 240;
    /** What a string kept once for many sentences takes beside its characters. */
    static final int SHARED_BYTES = 48;
    /** The longest sentence read, in characters (the bundle's longest has a few hundred). */
    static final int MAX_TEXT = 1_000;
    /** The longest of a sentence's other fields (its source, author, uuid ...). */
    static final int MAX_FIELD = 200;

    private final Sentence[][] byType;
    private final long bytes;

    private Sentences(Sentence[][] byType, long bytes) {
        this.byType = byType;
        this.bytes = bytes;
    }

    /** The sentences of the jar: public-domain poetry ({@code i}) and classics ({@code k}). */
    public static Sentences builtIn() {
        List<Sentence> all = new ArrayList<>();
        for (char c : CATEGORIES.toCharArray()) {
            Optional<byte[]> file = Resources.read("hitokoto/sentences/" + c + ".json");
            if (file.isPresent()) {
                try {
                    all.addAll(parse("hitokoto/sentences/" + c + ".json (in the jar)", file.get()));
                } catch (IllegalArgumentException e) {
                    throw new IllegalStateException(e.getMessage(), e);
                }
            }
        }
        return of(all);
    }

    /** The sentences of one file of the bundle's shape, with no limit on what they take (the jar's own). */
    public static List<Sentence> parse(String where, byte[] json) {
        return parse(where, new ByteArrayInputStream(json), Allowance.unlimited());
    }

    /**
     * The sentences of one file of the bundle's shape: a JSON array of objects with at least {@code hitokoto} and
     * {@code type}; each {@code length} counted anew. Read one sentence at a time from the stream, each charged to
     * {@code allowance} as it is kept (a file of more than it allows is refused part-way, never read whole); a sentence
     * of more than {@value #MAX_TEXT} characters, or another field of more than {@value #MAX_FIELD}, is refused as it
     * is read.
     *
     * @throws IllegalArgumentException naming {@code where} and what is wrong
     * @throws Allowance.Exceeded past the allowance
     */
    public static List<Sentence> parse(String where, InputStream json, Allowance allowance) {
        ObjectReader one =
                Json.mapper().readerFor(Sentence.class).without(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);
        // The same source, author or date in many sentences is kept once.
        Map<String, String> shared = new HashMap<>();
        List<Sentence> out = new ArrayList<>();
        try (JsonParser p = Json.FACTORY.createParser(json)) {
            if (p.nextToken() != JsonToken.START_ARRAY) {
                throw new IllegalArgumentException(where + ": is not a JSON array of sentences");
            }
            for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
                if (t == null) {
                    throw new IllegalArgumentException(
                            where + ": is not a JSON array of sentences (it ends inside the array)");
                }
                out.add(checked(
                        where, out.size() + 1, t == JsonToken.VALUE_NULL ? null : one.readValue(p), shared, allowance));
            }
            if (p.nextToken() != null) {
                throw new IllegalArgumentException(where + ": is not a JSON array of sentences (something follows it)");
            }
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalArgumentException(
                    where + ": is not a JSON array of sentences (" + e.getOriginalMessage() + ")");
        } catch (IOException e) {
            throw new IllegalArgumentException(where + ": cannot be read (" + e.getMessage() + ")");
        }
        return out;
    }

    /** One sentence as read, checked, its shared strings kept once, charged. */
    private static Sentence checked(String where, int n, Sentence s, Map<String, String> shared, Allowance allowance) {
        if (s == null || s.hitokoto() == null || s.hitokoto().isBlank()) {
            throw new IllegalArgumentException(where + ": sentence " + n + " has no hitokoto");
        }
        if (s.type() == null
                || s.type().length() != 1
                || CATEGORIES.indexOf(s.type().charAt(0)) < 0) {
            throw new IllegalArgumentException(where + ": sentence " + n + " has type "
                    + LogText.safe(String.valueOf(s.type()), LogText.SHORT) + "; a type is one of a to l");
        }
        if (Sentence.length(s.hitokoto()) > MAX_TEXT) {
            throw new IllegalArgumentException(
                    where + ": sentence " + n + " is longer than " + MAX_TEXT + " characters");
        }
        for (String field :
                new String[] {s.uuid(), s.from(), s.fromWho(), s.creator(), s.commitFrom(), s.createdAt()}) {
            if (field != null && field.length() > MAX_FIELD) {
                throw new IllegalArgumentException(
                        where + ": sentence " + n + " has a field of more than " + MAX_FIELD + " characters");
            }
        }
        allowance.charge(BYTES_PER_SENTENCE + 2L * s.hitokoto().length());
        return new Sentence(
                s.id(),
                s.uuid(),
                s.hitokoto(),
                one(shared, s.type(), allowance),
                one(shared, s.from(), allowance),
                one(shared, s.fromWho(), allowance),
                one(shared, s.creator(), allowance),
                s.creatorUid(),
                s.reviewer(),
                one(shared, s.commitFrom(), allowance),
                one(shared, s.createdAt(), allowance),
                Sentence.length(s.hitokoto()));
    }

    private static String one(Map<String, String> shared, String value, Allowance allowance) {
        if (value == null) {
            return null;
        }
        String kept = shared.get(value);
        if (kept == null) {
            allowance.charge(SHARED_BYTES + 2L * value.length());
            shared.put(value, value);
            kept = value;
        }
        return kept;
    }

    /** These sentences, by category. */
    public static Sentences of(Collection<Sentence> sentences) {
        List<List<Sentence>> lists = new ArrayList<>();
        for (int i = 0; i < CATEGORIES.length(); i++) {
            lists.add(new ArrayList<>());
        }
        Map<String, Boolean> strings = new HashMap<>();
        long bytes = 0;
        for (Sentence s : sentences) {
            lists.get(s.type().charAt(0) - 'a').add(s);
            bytes += BYTES_PER_SENTENCE + 2L * s.hitokoto().length();
            for (String shared : new String[] {s.from(), s.fromWho(), s.creator(), s.commitFrom(), s.createdAt()}) {
                if (shared != null && strings.put(shared, true) == null) {
                    bytes += SHARED_BYTES + 2L * shared.length();
                }
            }
        }
        Sentence[][] byType = new Sentence[CATEGORIES.length()][];
        for (int i = 0; i < byType.length; i++) {
            byType[i] = lists.get(i).toArray(new Sentence[0]);
            Arrays.sort(byType[i], Comparator.comparingInt(Sentence::length));
        }
        return new Sentences(byType, bytes);
    }

    /** These, with every category that {@code replacing} has taken from it instead. */
    public Sentences replacedBy(Sentences replacing) {
        List<Sentence> all = new ArrayList<>();
        for (int i = 0; i < byType.length; i++) {
            all.addAll(List.of(replacing.byType[i].length > 0 ? replacing.byType[i] : byType[i]));
        }
        return of(all);
    }

    /** Every sentence, category by category. */
    public List<Sentence> all() {
        List<Sentence> all = new ArrayList<>();
        for (Sentence[] category : byType) {
            all.addAll(List.of(category));
        }
        return all;
    }

    /** How many sentences category {@code type} has. */
    public int count(char type) {
        return byType[type - 'a'].length;
    }

    /** How many sentences there are. */
    public int size() {
        return Arrays.stream(byType).mapToInt(a -> a.length).sum();
    }

    /** What they take of the heap, as estimated. */
    public long bytes() {
        return bytes;
    }

    /**
     * A sentence drawn evenly from those of {@code types} whose length is from {@code min} to {@code max}; empty when
     * there is none.
     */
    public Optional<Sentence> pick(String types, int min, int max, RandomGenerator random) {
        int[] from = new int[types.length()];
        int[] to = new int[types.length()];
        int total = 0;
        for (int t = 0; t < types.length(); t++) {
            Sentence[] all = byType[types.charAt(t) - 'a'];
            from[t] = firstAtLeast(all, min);
            to[t] = max == Integer.MAX_VALUE ? all.length : firstAtLeast(all, max + 1);
            total += to[t] - from[t];
        }
        if (total == 0) {
            return Optional.empty();
        }
        int n = random.nextInt(total);
        for (int t = 0; ; t++) {
            if (n < to[t] - from[t]) {
                return Optional.of(byType[types.charAt(t) - 'a'][from[t] + n]);
            }
            n -= to[t] - from[t];
        }
    }

    /** The index of the first sentence at least {@code length} long (the array's length when none is). */
    private static int firstAtLeast(Sentence[] sorted, int length) {
        int lo = 0;
        int hi = sorted.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (sorted[mid].length() < length) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
