package pocketapi.hitokoto;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.random.RandomGenerator;

import com.fasterxml.jackson.core.type.TypeReference;

import pocketapi.files.Json;
import pocketapi.files.Resources;

/**
 * Sentences by category ({@code a} 动画 … {@code l} 抖机灵), each category sorted by length, so that
 * a pick among categories and a range of lengths is two binary searches and one draw. Immutable.
 */
public final class Sentences {
    /** The categories, {@code a} to {@code l}. */
    public static final String CATEGORIES = "abcdefghijkl";
    /** What a sentence takes of the heap beside its text (the record, its uuid; shared strings counted apart). */
    static final int BYTES_PER_SENTENCE = 240;

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

    /**
     * The sentences of one file of the bundle's shape: a JSON array of objects with at least {@code hitokoto} and
     * {@code type}; each {@code length} counted anew.
     */
    public static List<Sentence> parse(String where, byte[] json) {
        List<Sentence> read;
        try {
            read = Json.MAPPER.readerFor(new TypeReference<List<Sentence>>() { })
                    .with(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                    .without(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES).readValue(json);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalArgumentException(where + ": is not a JSON array of sentences (" + e.getOriginalMessage() + ")");
        } catch (IOException e) {
            throw new IllegalArgumentException(where + ": cannot be read (" + e.getMessage() + ")");
        }
        if (read == null) {
            throw new IllegalArgumentException(where + ": is not a JSON array of sentences");
        }
        // The same source, author or date in many sentences is kept once.
        Map<String, String> shared = new HashMap<>();
        List<Sentence> out = new ArrayList<>(read.size());
        for (int i = 0; i < read.size(); i++) {
            Sentence s = read.get(i);
            if (s == null || s.hitokoto() == null || s.hitokoto().isBlank()) {
                throw new IllegalArgumentException(where + ": sentence " + (i + 1) + " has no hitokoto");
            }
            if (s.type() == null || s.type().length() != 1 || CATEGORIES.indexOf(s.type().charAt(0)) < 0) {
                throw new IllegalArgumentException(where + ": sentence " + (i + 1) + " has type " + s.type()
                        + "; a type is one of a to l");
            }
            out.add(new Sentence(s.id(), s.uuid(), s.hitokoto(), one(shared, s.type()), one(shared, s.from()),
                    one(shared, s.fromWho()), one(shared, s.creator()), s.creatorUid(), s.reviewer(),
                    one(shared, s.commitFrom()), one(shared, s.createdAt()), Sentence.length(s.hitokoto())));
        }
        return out;
    }

    private static String one(Map<String, String> shared, String value) {
        return value == null ? null : shared.computeIfAbsent(value, v -> v);
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
                    bytes += 48 + 2L * shared.length();
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
     * A sentence drawn evenly from those of {@code types} whose length is from {@code min} to
     * {@code max}; empty when there is none.
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
