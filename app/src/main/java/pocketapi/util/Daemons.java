package pocketapi.util;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;

/**
 * The service's background threads: named, so a thread dump says what each does, and daemons, so
 * none keeps the JVM alive after the shutdown hook has stopped what must finish. Stateless.
 */
public final class Daemons {
    private Daemons() {
    }

    /** Daemon threads called {@code name}. */
    public static ThreadFactory named(String name) {
        return r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        };
    }

    /** A timer of one daemon thread called {@code name}. */
    public static ScheduledExecutorService timer(String name) {
        return Executors.newSingleThreadScheduledExecutor(named(name));
    }
}
