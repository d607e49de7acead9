package pocketapi.http;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;

/**
 * The first value of each wanted query parameter, in one pass over the raw query string: a name
 * given without {@code =} or with nothing after it has the value {@code ""}; an absent name has
 * {@code null}. Only a part holding {@code %} or {@code +} is decoded; a malformed escape is kept
 * as written (the caller's validation then rejects it). Stateless.
 */
final class Query {
    private Query() {
    }

    /** The first values of {@code names} in {@code query} (null or empty: none), index for index. */
    static String[] firstValues(String query, String... names) {
        String[] values = new String[names.length];
        if (query == null || query.isEmpty()) {
            return values;
        }
        int start = 0;
        while (start <= query.length()) {
            int end = query.indexOf('&', start);
            if (end < 0) {
                end = query.length();
            }
            int eq = query.indexOf('=', start);
            int nameEnd = eq < 0 || eq > end ? end : eq;
            String name = decode(query.substring(start, nameEnd));
            for (int i = 0; i < names.length; i++) {
                if (values[i] == null && names[i].equals(name)) {
                    values[i] = nameEnd == end ? "" : decode(query.substring(nameEnd + 1, end));
                }
            }
            start = end + 1;
        }
        return values;
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
