package pocketapi.counters;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import pocketapi.files.Resources;

/**
 * Whether a {@code User-Agent} is a crawler's, by the {@code crawler-user-agents} list (npm package of that name, MIT;
 * its patterns shipped in {@code crawlers/patterns.txt} under a line naming its version, its licence beside them,
 * refreshed by {@code app/tools/crawlers/refresh.sh}, which leaves out the general HTTP clients that
 * {@code app/tools/crawlers/clients.txt} names: curl or okhttp is this service's user, not a crawler): a match of any
 * of its patterns anywhere in the header, case-sensitive, as the list's own README does it. The patterns are compiled
 * once into one matcher: each is split at its top-level {@code |}, and every branch gets a literal it cannot match
 * without (the branch itself when it is plain text, else its longest run of plain text); the header is scanned once for
 * those literals by their first three characters, and only a branch whose literal is there is tried as a regular
 * expression. So a header costs a scan of its characters, not one regular expression a pattern. Immutable and
 * thread-safe.
 */
public final class Crawlers {
    /** Literals are looked up by this many first characters; a branch with a shorter one is tried on every header. */
    private static final int GRAM = 3;

    private final String version;
    private final int patterns;
    /** Each branch's literal, and (null for a branch that is that literal) its regular expression. */
    private final String[] literals;

    private final Pattern[] regexes;
    /**
     * The branches whose literal starts with a gram, by the gram's three characters packed in a long: an
     * open-addressing table (a header's every position looks one up, and a map's boxed key would be an object each
     * time).
     */
    private final long[] gramKeys;

    private final int[][] gramBranches;
    /**
     * A bit for each pair of first characters some literal starts with (folded into 16 bits): most positions of a
     * browser's header start no literal, and this turns them away with one look.
     */
    private final long[] pairs = new long[1 << 10];

    /** Branches without a literal of {@value #GRAM} characters: tried on every header. */
    private final int[] always;

    private Crawlers(String version, List<String> list) {
        this.version = version;
        this.patterns = list.size();
        List<String> lits = new ArrayList<>();
        List<Pattern> rx = new ArrayList<>();
        for (String pattern : list) {
            for (String branch : branches(pattern)) {
                String plain = plain(branch);
                lits.add(plain != null ? plain : required(branch));
                rx.add(plain != null ? null : compile(pattern, branch));
            }
        }
        this.literals = lits.toArray(new String[0]);
        this.regexes = rx.toArray(new Pattern[0]);
        // Plain loops, no lambdas: this runs while the service starts, before anything has warmed up.
        int slots = Integer.highestOneBit(literals.length * 4);
        this.gramKeys = new long[slots];
        this.gramBranches = new int[slots][];
        int[] rest = new int[literals.length];
        int short_ = 0;
        for (int i = 0; i < literals.length; i++) {
            if (literals[i].length() < GRAM) {
                rest[short_++] = i;
                continue;
            }
            int pair = pair(literals[i], 0);
            pairs[pair >>> 6] |= 1L << pair;
            long g = gram(literals[i], 0);
            int at = slot(g);
            while (gramBranches[at] != null && gramKeys[at] != g) {
                at = (at + 1) & (slots - 1);
            }
            int[] ids = gramBranches[at] == null ? new int[0] : gramBranches[at];
            ids = Arrays.copyOf(ids, ids.length + 1);
            ids[ids.length - 1] = i;
            gramKeys[at] = g;
            gramBranches[at] = ids;
        }
        this.always = Arrays.copyOf(rest, short_);
    }

    private static Pattern compile(String pattern, String branch) {
        try {
            return Pattern.compile(branch);
        } catch (PatternSyntaxException e) {
            throw new IllegalArgumentException("a crawler pattern that is no regular expression: " + pattern, e);
        }
    }

    /**
     * This list in front of a memory of the last headers it was asked about ({@value Recent#SLOTS}, by their hash):
     * most calls come from a few browsers and crawlers, and a header seen lately costs its hash and a comparison. A
     * header's first {@value Recent#LONGEST} characters are looked at, so the memory holds half a megabyte at most.
     */
    public Recent recent() {
        return new Recent(this);
    }

    /** A list with a memory of the headers it was asked about lately. Thread-safe. */
    public static final class Recent {
        static final int SLOTS = 1024;
        /** The characters of a header looked at, at most: the longest browsers' are some 300. */
        static final int LONGEST = 512;

        private record Known(String agent, boolean crawler) {}

        private final Crawlers list;
        private final AtomicReferenceArray<Known> known = new AtomicReferenceArray<>(SLOTS);

        private Recent(Crawlers list) {
            this.list = list;
        }

        /**
         * Whether {@code header} (null: none sent) is a crawler's, as {@link Crawlers#matches} says of its first
         * {@value #LONGEST} characters.
         */
        public boolean matches(String header) {
            if (header == null) {
                return false;
            }
            // Its first characters only: a crawler names itself early, and a header of kilobytes is a client's
            // invention that would cost a scan of all of it on every call, and the memory as much.
            String userAgent = header.length() > LONGEST ? header.substring(0, LONGEST) : header;
            int slot = userAgent.hashCode() & (SLOTS - 1);
            Known k = known.get(slot);
            if (k != null && k.agent().equals(userAgent)) {
                return k.crawler();
            }
            boolean crawler = list.matches(userAgent);
            known.set(slot, new Known(userAgent, crawler));
            return crawler;
        }
    }

    /** The list shipped in the jar, read once. */
    public static Crawlers bundled() {
        return Bundled.LIST;
    }

    private static final class Bundled {
        static final Crawlers LIST =
                parse(new String(Resources.read("crawlers/patterns.txt").orElseThrow(), StandardCharsets.UTF_8));
    }

    /**
     * The list as {@code app/tools/crawlers/refresh.sh} writes it from the package: a first line {@code #
     * crawler-user-agents <version> ...}, more lines of {@code #} (what was left out), then one pattern a line.
     */
    static Crawlers parse(String text) {
        List<String> lines = text.lines().toList();
        if (lines.isEmpty() || !lines.get(0).startsWith("# crawler-user-agents ")) {
            throw new IllegalArgumentException("not a list of crawler-user-agents' patterns");
        }
        String version = lines.get(0).split(" ")[2];
        List<String> patterns = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            if (!line.isEmpty() && !line.startsWith("#")) {
                patterns.add(line);
            }
        }
        return new Crawlers(version, patterns);
    }

    /** The version of the list, as its npm package has it. */
    public String version() {
        return version;
    }

    /** How many patterns the list has. */
    public int size() {
        return patterns;
    }

    /** Whether {@code userAgent} (null: none sent) matches a pattern of the list. */
    public boolean matches(String userAgent) {
        if (userAgent == null || userAgent.isEmpty()) {
            return false;
        }
        for (int i : always) {
            if (test(i, userAgent)) {
                return true;
            }
        }
        for (int at = 0; at + GRAM <= userAgent.length(); at++) {
            int pair = pair(userAgent, at);
            if ((pairs[pair >>> 6] & 1L << pair) == 0) {
                continue;
            }
            int[] ids = branches(gram(userAgent, at));
            if (ids != null) {
                for (int i : ids) {
                    if (userAgent.startsWith(literals[i], at) && (regexes[i] == null || test(i, userAgent))) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /** The branches whose literal starts with {@code gram}, or null. */
    private int[] branches(long gram) {
        for (int at = slot(gram); gramBranches[at] != null; at = (at + 1) & (gramKeys.length - 1)) {
            if (gramKeys[at] == gram) {
                return gramBranches[at];
            }
        }
        return null;
    }

    private int slot(long gram) {
        return (int) ((gram * 0x9E3779B97F4A7C15L) >>> 40) & (gramKeys.length - 1);
    }

    private boolean test(int i, String userAgent) {
        return regexes[i].matcher(userAgent).find();
    }

    private static int pair(String s, int at) {
        return (s.charAt(at) << 7 ^ s.charAt(at + 1)) & 0xFFFF;
    }

    private static long gram(String s, int at) {
        return (long) s.charAt(at) << 32 | (long) s.charAt(at + 1) << 16 | s.charAt(at + 2);
    }

    /** A pattern split at each {@code |} outside parentheses and brackets (a match of any branch is a match). */
    static List<String> branches(String pattern) {
        List<String> out = new ArrayList<>();
        int depth = 0;
        boolean inClass = false;
        int from = 0;
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (c == '\\') {
                i++;
            } else if (inClass) {
                inClass = c != ']';
            } else if (c == '[') {
                inClass = true;
            } else if (c == '(') {
                depth++;
            } else if (c == ')') {
                depth--;
            } else if (c == '|' && depth == 0) {
                out.add(pattern.substring(from, i));
                from = i + 1;
            }
        }
        out.add(pattern.substring(from));
        return out;
    }

    /** The text a branch matches when it is plain text (escapes of punctuation allowed), else null. */
    static String plain(String branch) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < branch.length(); i++) {
            char c = branch.charAt(i);
            if (c == '\\' && i + 1 < branch.length() && !Character.isLetterOrDigit(branch.charAt(i + 1))) {
                text.append(branch.charAt(++i));
            } else if ("\\^$.|?*+()[]{}".indexOf(c) >= 0) {
                return null;
            } else {
                text.append(c);
            }
        }
        return text.toString();
    }

    /**
     * The longest run of plain text every match of a branch contains: text outside groups and classes, less a character
     * a quantifier makes optional or repeats; "" when there is none.
     */
    static String required(String branch) {
        String best = "";
        StringBuilder run = new StringBuilder();
        int depth = 0;
        for (int i = 0; i < branch.length(); i++) {
            char c = branch.charAt(i);
            boolean plainChar = false;
            char value = c;
            if (c == '\\' && i + 1 < branch.length()) {
                char next = branch.charAt(++i);
                plainChar = depth == 0 && !Character.isLetterOrDigit(next);
                value = next;
            } else if (c == '[') {
                for (i++; i < branch.length() && branch.charAt(i) != ']'; i++) {
                    if (branch.charAt(i) == '\\') {
                        i++;
                    }
                }
            } else if (c == '(') {
                depth++;
            } else if (c == ')') {
                depth--;
            } else if (c == '+' && run.length() > 0) {
                // The character before is there once or more: the run so far holds, and a new one starts with it.
                char last = run.charAt(run.length() - 1);
                best = run.length() > best.length() ? run.toString() : best;
                run.setLength(0);
                run.append(last);
                continue;
            } else if (c == '?' || c == '*' || c == '{') {
                if (run.length() > 0) {
                    run.setLength(run.length() - 1); // the character before may be absent (or repeated)
                }
                while (c == '{' && i + 1 < branch.length() && branch.charAt(i) != '}') {
                    i++;
                }
            } else if ("^$.|+".indexOf(c) < 0) {
                plainChar = depth == 0;
            }
            if (plainChar) {
                run.append(value);
            } else {
                best = run.length() > best.length() ? run.toString() : best;
                run.setLength(0);
            }
        }
        return run.length() > best.length() ? run.toString() : best;
    }
}
