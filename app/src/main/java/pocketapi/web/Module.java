package pocketapi.web;

import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Function;

/**
 * A capability the service serves: it registers its own endpoints, starts its own background jobs, and draws its own
 * parts of the landing page. {@code Main} lists the modules served ({@code SERVE}); one not served has no object at
 * all. Implementations are thread-safe.
 */
public interface Module {
    /** Its name in {@code SERVE} and on the page. */
    String name();

    /** What it serves, in a sentence or two: the API reference's words above its routes. */
    default String about() {
        return "";
    }

    /** Registers its endpoints. */
    void routes(Routes routes);

    /** Starts its background jobs, each on a thread of its own, named. */
    default void start(Function<String, ScheduledExecutorService> threads) {}

    /** Its part of the page's top strip, drawn for each view (HTML, every outside text escaped); "" for none. */
    default String top() {
        return "";
    }

    /** Its section of the page, drawn for each view; "" for none. */
    default String section() {
        return "";
    }

    /** Tells {@code /metrics} what it can say of itself (read at each scrape); nothing by default. */
    default void measures(Measures measures) {}

    /** Its part of the page's footer, drawn for each view; "" for none. */
    default String footer() {
        return "";
    }
}
