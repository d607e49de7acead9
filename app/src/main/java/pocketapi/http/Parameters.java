package pocketapi.http;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import io.javalin.http.Handler;

/**
 * The parameter rule (README, "Parameters"): a query parameter whose name, in any case, is one the
 * API uses anywhere ({@code y}, {@code date}, {@code type}, …, and {@code year}, {@code month},
 * {@code day}) must be one this endpoint takes, exactly as spelled; else the call is {@code 400}
 * naming the ones it takes, since a misspelled {@code day=1} or {@code Y=2026} would otherwise be
 * answered for today without a word. Any other name ({@code _=1700000000}, {@code t}, {@code utm_source})
 * is ignored, as cache-busters need. Built while the routes are registered, read-only after.
 */
final class Parameters {
    /** Words people reach for that the API spells otherwise. */
    private static final List<String> NEAR_MISSES = List.of("year", "month", "day");

    private final Set<String> vocabulary = new HashSet<>(NEAR_MISSES);

    /**
     * {@code handler}, after the rule for {@code path}.
     *
     * @param names the parameters {@code path} takes, separated by spaces
     */
    Handler only(String path, String names, Handler handler) {
        List<String> accepted = names.isEmpty() ? List.of() : List.of(names.split(" "));
        for (String name : accepted) {
            vocabulary.add(name.toLowerCase(Locale.ROOT));
        }
        Set<String> exact = Set.copyOf(accepted);
        String takes = accepted.isEmpty() ? "it takes none" : "it takes " + String.join(", ", accepted);
        return ctx -> {
            String query = ctx.queryString();
            if (query != null && !query.isEmpty()) {
                for (String name : Query.names(query)) {
                    if (!exact.contains(name) && vocabulary.contains(name.toLowerCase(Locale.ROOT))) {
                        throw new ApiError(400, HolidayQuery.cut(name) + " is not a parameter of " + path + "; "
                                + takes + " (other names, such as _=…, are ignored)");
                    }
                }
            }
            handler.handle(ctx);
        };
    }

    /** For tests: the names the rule guards. */
    List<String> vocabulary() {
        return new ArrayList<>(vocabulary);
    }
}
