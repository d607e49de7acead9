package pocketapi.web;

import java.util.List;
import java.util.Map;

/** Reads a query string as {@link Routes} does, for the tests of a capability's parameters. */
public final class Queries {
    private Queries() {}

    public static Query read(
            String path, Map<String, List<String>> query, String raw, List<Query.Param<?>> params, String user) {
        return Query.read(path, query, raw, params, user);
    }

    /** A query string split and decoded as {@link Routes} does it. */
    public static Map<String, List<String>> split(String raw) {
        return Query.split(raw);
    }
}
