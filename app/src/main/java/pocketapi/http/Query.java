package pocketapi.http;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;

/**
 * The first value of each wanted query parameter, in one pass over the raw query string, each
 * character looked at once: a name given without {@code =} or with nothing after it has the value
 * {@code ""}; an absent name has {@code null}. Only a part holding {@code %} or {@code +} is
 * decoded; a malformed escape is kept as written (the caller's validation then rejects it).
 * Stateless.
 */
final class Query {
    private Query() {
    }

    /** The first values of {@code names} in {@code query} (null or empty: none), index for index. */
    static String[] firstValues(CharSequence query, String... names) {
        String[] values = new String[names.length];
        if (query == null) {
            return values;
        }
        int length = query.length();
        int start = 0;
        while (start < length) {
            // One part: up to the next '&'; its name ends at the first '=' inside it.
            int eq = -1;
            int end = start;
            for (char c; end < length && (c = query.charAt(end)) != '&'; end++) {
                if (c == '=' && eq < 0) {
                    eq = end;
                }
            }
            int nameEnd = eq < 0 ? end : eq;
            if (nameEnd > start) {
                String name = decode(query.subSequence(start, nameEnd).toString());
                for (int i = 0; i < names.length; i++) {
                    if (values[i] == null && names[i].equals(name)) {
                        values[i] = eq < 0 ? "" : decode(query.subSequence(eq + 1, end).toString());
                    }
                }
            }
            start = end + 1;
        }
        return values;
    }

    /** The names of every parameter in {@code query}, decoded, in order (repeats included). */
    static java.util.List<String> names(CharSequence query) {
        java.util.List<String> names = new java.util.ArrayList<>();
        int length = query.length();
        int start = 0;
        while (start < length) {
            int end = start;
            int nameEnd = -1;
            for (char c; end < length && (c = query.charAt(end)) != '&'; end++) {
                if (c == '=' && nameEnd < 0) {
                    nameEnd = end;
                }
            }
            if ((nameEnd < 0 ? end : nameEnd) > start) {
                names.add(decode(query.subSequence(start, nameEnd < 0 ? end : nameEnd).toString()));
            }
            start = end + 1;
        }
        return names;
    }

    private static String decode(String part) {
        if (part.indexOf('%') < 0 && part.indexOf('+') < 0) {
            return part;
        }
        try {
            return URLDecoder.decode(part, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return part;
        }
    }
}
