package pocketapi.web;

import io.javalin.config.JavalinConfig;
import io.javalin.http.Context;
import io.javalin.http.Handler;
import io.javalin.http.RequestLogger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import pocketapi.web.Query.Param;

/**
 * Where each module registers its endpoints, for GET and HEAD (Javalin's implicit HEAD would answer without running the
 * GET handler): an endpoint of the API is counted and reads its query against the parameters it declares; a plain route
 * (the page, the health check, the sample pictures) is neither. Used while the server is built.
 */
public final class Routes {
    /** An endpoint's answer, given its typed parameters. */
    public interface Answer {
        void answer(Context ctx, Query q) throws Exception;
    }

    /**
     * A route as registered, for the OpenAPI document: its path (Javalin's syntax), the module it belongs to, whether
     * its calls are counted, the query parameters it reads, and what it is and answers.
     */
    public record Route(String path, String module, boolean counted, List<Param<?>> params, Doc doc) {}

    private final JavalinConfig config;
    private final CallCounter counter;
    private final List<Route> all = new ArrayList<>();
    private final Map<String, String> modules = new LinkedHashMap<>();
    private String module = "service";

    Routes(JavalinConfig config, CallCounter counter) {
        this.config = config;
        this.counter = counter;
    }

    /** The module whose routes are registered next (the service's own: {@code service}), and what it serves. */
    void module(String name, String about) {
        module = name;
        modules.put(name, about);
    }

    /** What each module serves, by name, in the order registered. */
    Map<String, String> modules() {
        return Collections.unmodifiableMap(new LinkedHashMap<>(modules));
    }

    /** Tells {@code logger} of every request Javalin answered, with its time in milliseconds (the metrics). */
    public void requests(RequestLogger logger) {
        config.requestLogger.http(logger);
    }

    /** Every route registered so far, in order. */
    List<Route> all() {
        return List.copyOf(all);
    }

    /** A route that is no endpoint of the API: not counted, no query read. */
    public void plain(String path, Doc doc, Handler handler) {
        all.add(new Route(path, module, false, List.of(), doc));
        get(path, handler);
    }

    private void get(String path, Handler handler) {
        config.routes.get(path, handler);
        config.routes.head(path, handler);
    }

    /**
     * An endpoint of the API: each call counted in {@code family} (none: null), its query read against {@code params}
     * (a misspelled name is 400).
     */
    public void counted(String path, Doc doc, Family family, Answer answer, Param<?>... params) {
        counted(path, doc, family, ctx -> true, answer, params);
    }

    /**
     * An endpoint of the API whose path parameter may name nothing ({@code /img/{name}} of a pool that is not there):
     * such a call is answered (its 404 says what there is) and, as any unknown path, not counted.
     *
     * @param names whether the request's path names something that exists
     */
    public void counted(
            String path, Doc doc, Family family, Predicate<Context> names, Answer answer, Param<?>... params) {
        List<Param<?>> takes = List.of(params);
        all.add(new Route(path, module, family != null, takes, doc));
        get(path, ctx -> {
            Caller caller = caller(ctx);
            if (family != null && caller.counted() && names.test(ctx)) {
                counter.count(caller.user(), caller.agent(), family);
            }
            answer.answer(ctx, Query.read(path, ctx.queryString(), takes, caller.user()));
        });
    }

    /** An endpoint of the API that counts its own call ({@code /api/info}, whose answer includes it): no query read. */
    public void counting(String path, Doc doc, Handler handler) {
        all.add(new Route(path, module, true, List.of(), doc));
        get(path, handler);
    }

    /** The caller of a request, worked out once by {@link Callers}: its user id, and whether its calls are counted. */
    public static Caller caller(Context ctx) {
        return ctx.attribute(Callers.CALLER);
    }
}
