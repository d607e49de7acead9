package pocketapi.web;

import io.javalin.http.BadRequestResponse;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.YearMonth;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One request's query parameters, split and decoded as Javalin's {@code ctx.queryParamMap()} does ({@link #split}), in
 * linear time, against the parameters its endpoint declares: the first value of each. A name that is none of them but
 * differs from one only by letter case, is one of the long names it declares ({@code year} for {@code y},
 * {@link Param#withLongNames}), or (for a parameter of four letters or more) is at most two edits from it, is a 400
 * saying which was meant ({@code ofset}, {@code tpye}, {@code Offset}, {@code year}): answered for a default instead,
 * it would be wrong without a word. Any other name is ignored ({@code _=1700000000}, {@code utm_source}). With the
 * caller's user id. Not thread-safe: one per request.
 */
public final class Query {
    private final List<Param<?>> params;
    /** Every value of every name, decoded. */
    private final Map<String, List<String>> query;
    /** The query string as sent: only a message's echo of a refused value reads it. */
    private final String raw;
    /** The caller's user id ({@link Routes#caller}). */
    private final String user;
    /**
     * The first value of each parameter ({@code ""} when given without one), null when absent, {@link #MALFORMED} when
     * not decodable.
     */
    private final String[] sent;

    private static final String MALFORMED = new String("malformed");

    private Query(List<Param<?>> params, Map<String, List<String>> query, String raw, String user, String[] sent) {
        this.params = params;
        this.query = query;
        this.raw = raw;
        this.user = user;
        this.sent = sent;
    }

    /**
     * The parameters of a query string, as Javalin's {@code ctx.queryParamMap()} gives them: split at every {@code &},
     * then at the first {@code =} (none: the value is empty); names and values decoded as forms are ({@code +} is a
     * space); a value that does not decode is left out of its name's list, a name that does not decode is left out. In
     * the order given. Unlike Javalin's, always UTF-8 (a URL's query has no other charset; Javalin took it from a
     * {@code Content-Type} header), and a piece with nothing to decode is not copied: Javalin's, with its Kotlin lists
     * and pairs and a charset looked up by name for every piece, was some 5 % of a short answer's time.
     */
    static Map<String, List<String>> split(String raw) {
        if (raw == null || raw.isEmpty()) {
            return Map.of();
        }
        Map<String, List<String>> query = new LinkedHashMap<>();
        for (int start = 0; start <= raw.length(); ) {
            int end = raw.indexOf('&', start);
            end = end < 0 ? raw.length() : end;
            int eq = raw.indexOf('=', start);
            boolean valued = eq >= 0 && eq < end;
            String name = decode(raw, start, valued ? eq : end);
            String value = valued ? decode(raw, eq + 1, end) : "";
            if (name != null) {
                List<String> values = query.computeIfAbsent(name, n -> new ArrayList<>(1));
                if (value != null) {
                    values.add(value);
                }
            }
            start = end + 1;
        }
        return query;
    }

    /** {@code raw[from, to)} decoded as a form's text, or null when it has a malformed escape. */
    private static String decode(String raw, int from, int to) {
        for (int i = from; i < to; i++) {
            char c = raw.charAt(i);
            if (c == '%' || c == '+') {
                try {
                    return URLDecoder.decode(raw.substring(from, to), StandardCharsets.UTF_8);
                } catch (IllegalArgumentException e) {
                    return null;
                }
            }
        }
        return raw.substring(from, to);
    }

    /**
     * @param path the endpoint, for messages
     * @param raw the query string as sent (null: none), split by {@link #split}
     * @param user the caller's user id
     * @throws BadRequestResponse for a name that looks like a misspelling of one of {@code params}
     */
    static Query read(String path, String raw, List<Param<?>> params, String user) {
        Map<String, List<String>> query = split(raw);
        String[] sent = new String[params.size()];
        for (Map.Entry<String, List<String>> e : query.entrySet()) {
            int i = indexOf(params, e.getKey());
            if (i >= 0) {
                sent[i] = e.getValue().isEmpty() ? MALFORMED : e.getValue().get(0);
            } else if (!e.getKey().isEmpty()) {
                misspelled(path, e.getKey(), params);
            }
        }
        return new Query(params, query, raw, user, sent);
    }

    private static int indexOf(List<Param<?>> params, String name) {
        for (int i = 0; i < params.size(); i++) {
            if (params.get(i).name().equals(name)) {
                return i;
            }
        }
        return -1;
    }

    private static void misspelled(String path, String name, List<Param<?>> params) {
        Param<?> meant = meant(name, params);
        if (meant != null) {
            StringBuilder takes = new StringBuilder();
            params.forEach(q -> takes.append(takes.length() == 0 ? "" : ", ").append(q.name()));
            throw new BadRequestResponse(cut(name) + " is not a parameter of " + path + ": did you mean " + meant.name()
                    + "? It takes " + takes + " (other names, such as _=…, are ignored)");
        }
    }

    /**
     * The parameter {@code name} stands for: one it names in another letter case or by a long name, else one of four
     * letters or more at most two edits from it ({@code day} is {@code d}, not the {@code date} two edits away); null
     * when none.
     */
    private static Param<?> meant(String name, List<Param<?>> params) {
        for (Param<?> p : params) {
            if (p.name().equalsIgnoreCase(name) || p.longNames().stream().anyMatch(name::equalsIgnoreCase)) {
                return p;
            }
        }
        for (Param<?> p : params) {
            String meant = p.name();
            if (meant.length() >= 4
                    && Math.abs(meant.length() - name.length()) <= 2
                    && edits(meant, name.toLowerCase(Locale.ROOT)) <= 2) {
                return p;
            }
        }
        return null;
    }

    /** Edits (insert, delete, change, swap two neighbours) from {@code a} to {@code b}. */
    static int edits(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            for (int j = 0; j <= b.length(); j++) {
                d[i][j] = i == 0 || j == 0
                        ? i + j
                        : Math.min(
                                Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1),
                                d[i - 1][j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1));
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }

    private int index(Param<?> p) {
        for (int i = 0; i < sent.length; i++) {
            // By name: a route may declare a shared parameter described for it (Y.described(...)).
            if (params.get(i) == p || params.get(i).name().equals(p.name())) {
                return i;
            }
        }
        throw new IllegalArgumentException(p.name() + " is not declared for this endpoint");
    }

    /** The caller's user id, as counted. */
    public String user() {
        return user;
    }

    /** Every value given for a parameter that may be repeated ({@code c=i&c=k}), in order, read one by one. */
    public <T> List<T> all(Param<T> p) {
        index(p);
        List<T> values = new ArrayList<>();
        for (String v : query.getOrDefault(p.name(), List.of())) {
            values.add(p.read().read(v));
        }
        return values;
    }

    /** Whether the name is in the query (even with an empty value). */
    public boolean given(Param<?> p) {
        return sent[index(p)] != null;
    }

    /** The value as sent, for messages: escapes decoded, a {@code +} kept as written (null when absent). */
    public String sent(Param<?> p) {
        if (sent[index(p)] == null) {
            return null;
        }
        for (String pair : raw == null ? new String[0] : raw.split("&")) {
            if (pair.startsWith(p.name() + "=") || pair.equals(p.name())) {
                String value = pair.substring(Math.min(pair.length(), p.name().length() + 1));
                try {
                    return URLDecoder.decode(value.replace("+", "%2B"), StandardCharsets.UTF_8);
                } catch (IllegalArgumentException e) {
                    return value;
                }
            }
        }
        return sent[index(p)];
    }

    /** The value, typed, or the parameter's {@code absent} one; a required one absent is a 400 saying what to give. */
    public <T> T get(Param<T> p) {
        String value = sent[index(p)];
        if (value == null && p.missing() != null) {
            throw new BadRequestResponse(p.name() + " is missing; " + p.missing());
        }
        if (value == null) {
            return p.absent();
        }
        try {
            if (value == MALFORMED) {
                throw new IllegalArgumentException(
                        "has a malformed %-escape: every % must be followed by two hex digits");
            }
            return p.read().read(value);
        } catch (IllegalArgumentException e) {
            String why = e.getMessage();
            throw new BadRequestResponse(p.name() + "=" + cut(sent(p))
                    + (why.startsWith("must") ? " is not accepted; " + p.name() + " " + why : " " + why));
        }
    }

    /** A value as echoed in a message: at most 40 characters. */
    public static String cut(String value) {
        return value.length() <= 40 ? value : value.substring(0, 40) + "…";
    }

    /**
     * One query parameter an endpoint takes, declared once: its name, how its value is read, what it is when absent,
     * how OpenAPI describes its values ({@link #schema}) and it ({@link #description}), the long names people type for
     * a short one ({@code year} for {@code y}: each of those is a 400 naming it), and, for a parameter the endpoint
     * cannot answer without, what to give ({@link #missing}; null: optional).
     */
    public record Param<T>(
            String name,
            Read<T> read,
            T absent,
            Map<String, Object> schema,
            List<String> longNames,
            String description,
            String missing) {
        /** How a value is read. */
        public interface Read<T> {
            T read(String value);
        }

        /** A parameter whose values are described to OpenAPI as text ({@link #choices} names them). */
        public Param(String name, Read<T> read, T absent) {
            this(name, read, absent, Map.of("type", "string"));
        }

        /** A parameter with no long names, not yet described, optional. */
        public Param(String name, Read<T> read, T absent, Map<String, Object> schema) {
            this(name, read, absent, schema, List.of(), "", null);
        }

        /** This parameter described to OpenAPI as one of {@code values} (what it reads is unchanged). */
        public Param<T> choices(String... values) {
            return schema(Map.of("type", "string", "enum", List.of(values)));
        }

        /** This parameter with its values described to OpenAPI by {@code schema} (what it reads is unchanged). */
        public Param<T> schema(Map<String, Object> schema) {
            return new Param<>(name, read, absent, schema, longNames, description, missing);
        }

        /**
         * This parameter with the long names people type for it ({@code year} for {@code y}): given in its place, in
         * any letter case, each is a 400 saying this one was meant, never ignored for a default.
         */
        public Param<T> withLongNames(String... names) {
            return new Param<>(name, read, absent, schema, List.of(names), description, missing);
        }

        /** This parameter with its one-line description, as the API's reference shows it. */
        public Param<T> described(String description) {
            return new Param<>(name, read, absent, schema, longNames, description, missing);
        }

        /**
         * This parameter as one its endpoint cannot answer without: absent, it is a 400 {@code NAME is missing; } and
         * {@code hint} (what to give), and OpenAPI marks it required.
         */
        public Param<T> required(String hint) {
            return new Param<>(name, read, absent, schema, longNames, description, hint);
        }

        /**
         * This parameter as one that may be given several times ({@code c=i&c=k}, read with {@link Query#all}): OpenAPI
         * describes it as an array of its values.
         */
        public Param<T> repeatable() {
            return schema(Map.of("type", "array", "items", schema));
        }

        /** One of two words: {@code off} (also when absent) is false, {@code on} true; offered in that order. */
        public static Param<Boolean> either(String name, String off, String on) {
            return new Param<Boolean>(
                            name,
                            v -> {
                                if (v.equals(on) || v.equals(off)) {
                                    return v.equals(on);
                                }
                                throw new IllegalArgumentException("must be " + off + " or " + on);
                            },
                            false)
                    .choices(off, on);
        }

        /** Any text, as given; absent: null. */
        public static Param<String> text(String name) {
            return new Param<>(name, v -> v, null);
        }

        /** 1 to 9 ASCII digits, leading zeros allowed ({@code m=03}); absent: null. */
        public static Param<Integer> digits(String name) {
            return new Param<>(
                    name,
                    v -> {
                        if (!digits(v, 0)) {
                            throw new IllegalArgumentException("must be 1 to 9 digits 0-9");
                        }
                        return Integer.parseInt(v);
                    },
                    null,
                    Map.of("type", "string", "pattern", "^[0-9]{1,9}$"));
        }

        /**
         * A whole number from {@code min} to {@code max}: the digits {@link #digits} takes, after a minus sign for one
         * below 0.
         */
        public static Param<Integer> integer(String name, int min, int max, Integer absent) {
            return new Param<>(
                    name,
                    v -> {
                        if (digits(v, v.startsWith("-") ? 1 : 0)) {
                            long n = Long.parseLong(v);
                            if (n >= min && n <= max) {
                                return (int) n;
                            }
                        }
                        throw new IllegalArgumentException("must be a whole number from " + min + " to " + max);
                    },
                    absent,
                    Map.of("type", "integer", "minimum", min, "maximum", max));
        }

        /** Whether {@code v} from {@code from} on is 1 to 9 ASCII digits. */
        private static boolean digits(String v, int from) {
            int n = v.length() - from;
            for (int i = from; i < v.length(); i++) {
                n = v.charAt(i) >= '0' && v.charAt(i) <= '9' ? n : 0;
            }
            return n >= 1 && n <= 9;
        }

        /** A date written {@code YYYY-MM-DD}; absent: null. */
        public static Param<LocalDate> date(String name) {
            return new Param<>(
                    name,
                    v -> {
                        try {
                            return LocalDate.parse(v);
                        } catch (DateTimeException e) {
                            String why = v.matches("[0-9]{4}-[0-9]{2}-[0-9]{2}")
                                    ? impossible(
                                            Integer.parseInt(v.substring(0, 4)),
                                            Integer.parseInt(v.substring(5, 7)),
                                            Integer.parseInt(v.substring(8)))
                                    : null;
                            throw new IllegalArgumentException(why != null ? why : "must be a date YYYY-MM-DD");
                        }
                    },
                    null,
                    Map.of("type", "string", "format", "date"));
        }

        /**
         * Why a year, month and day are not a date ({@code is not a date: February 2026 has 28 days}), or null when
         * they are one.
         */
        public static String impossible(int year, int month, int day) {
            if (month < 1 || month > 12) {
                return "is not a date: a month is 1 to 12";
            }
            YearMonth ym = YearMonth.of(year, month);
            if (day >= 1 && day <= ym.lengthOfMonth()) {
                return null;
            }
            String name = ym.getMonth().name();
            return "is not a date: " + name.charAt(0) + name.substring(1).toLowerCase(Locale.ROOT) + " " + year
                    + " has " + ym.lengthOfMonth() + " days";
        }
    }
}
