package pocketapi.http;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;

/**
 * One request's query string, read once, against the parameters its endpoint declares: the first
 * value of each, as sent. A name that is none of them but differs from one only by letter case, or
 * (for a parameter of four letters or more) by at most two edits, is a 400 saying which was meant
 * ({@code ofset}, {@code tpye}, {@code Offset}): answered for a default instead, it would be wrong
 * without a word. Any other name is ignored ({@code _=1700000000}, {@code utm_source}). Not thread-safe: one per request.
 */
final class Query {
    private final List<Param<?>> params;
    /** The first value of each parameter as sent ({@code ""} when given without one), or null when absent. */
    private final String[] sent;

    private Query(List<Param<?>> params, String[] sent) {
        this.params = params;
        this.sent = sent;
    }

    /**
     * @param path   the endpoint, for messages
     * @param query  the raw query string (null: none)
     * @throws ApiError 400 for a name that looks like a misspelling of one of {@code params}
     */
    static Query read(String path, String query, List<Param<?>> params) {
        String[] sent = new String[params.size()];
        int length = query == null ? 0 : query.length();
        for (int start = 0, end; start < length; start = end + 1) {
            end = query.indexOf('&', start);
            end = end < 0 ? length : end;
            int eq = query.indexOf('=', start);
            int nameEnd = eq < 0 || eq > end ? end : eq;
            if (nameEnd == start) {
                continue;
            }
            String name = decode(query.substring(start, nameEnd));
            int i = indexOf(params, name);
            if (i >= 0) {
                if (sent[i] == null) {
                    sent[i] = nameEnd == end ? "" : query.substring(nameEnd + 1, end);
                }
            } else {
                misspelled(path, name, params);
            }
        }
        return new Query(params, sent);
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
        for (Param<?> p : params) {
            String meant = p.name();
            if (meant.equalsIgnoreCase(name) || meant.length() >= 4 && Math.abs(meant.length() - name.length()) <= 2
                    && edits(meant, name.toLowerCase(Locale.ROOT)) <= 2) {
                StringBuilder takes = new StringBuilder();
                params.forEach(q -> takes.append(takes.length() == 0 ? "" : ", ").append(q.name()));
                throw new ApiError(400, cut(name) + " is not a parameter of " + path + ": did you mean " + meant + "? It "
                        + "takes " + takes + " (other names, such as _=…, are ignored)");
            }
        }
    }

    /** Edits (insert, delete, change, swap two neighbours) from {@code a} to {@code b}. */
    static int edits(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            for (int j = 0; j <= b.length(); j++) {
                d[i][j] = i == 0 || j == 0 ? i + j : Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1),
                        d[i - 1][j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1));
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }

    private static String decode(String part) {
        if (part.indexOf('%') < 0 && part.indexOf('+') < 0) {
            return part;
        }
        try {
            return URLDecoder.decode(part, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return part;  // a malformed escape stays as written (and is then refused)
        }
    }

    private int index(Param<?> p) {
        for (int i = 0; i < sent.length; i++) {
            if (params.get(i) == p) {
                return i;
            }
        }
        throw new IllegalArgumentException(p.name() + " is not declared for this endpoint");
    }

    /** Whether the name is in the query (even with an empty value). */
    boolean given(Param<?> p) {
        return sent[index(p)] != null;
    }

    /** The value as sent, for messages: escapes decoded, a {@code +} kept as written (null when absent). */
    String sent(Param<?> p) {
        String value = sent[index(p)];
        return value == null ? null : decode(value.replace("+", "%2B"));
    }

    /**
     * The value, typed, or the parameter's {@code absent} one.
     *
     * @throws ApiError 400 {@code name=value is not accepted; name must ...} or {@code name=value is not ...}
     */
    <T> T get(Param<T> p) {
        String value = sent[index(p)];
        if (value == null) {
            return p.absent();
        }
        try {
            return p.read().read(decode(value));
        } catch (IllegalArgumentException e) {
            String why = e.getMessage();
            throw new ApiError(400, p.name() + "=" + cut(sent(p))
                    + (why.startsWith("must") ? " is not accepted; " + p.name() + " " + why : " " + why));
        }
    }

    /** A value as echoed in a message: at most 40 characters. */
    static String cut(String value) {
        return value.length() <= 40 ? value : value.substring(0, 40) + "…";
    }
}
