package pocketapi.web;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.thread.ThreadPool;
import org.slf4j.LoggerFactory;
import pocketapi.logging.Throttle;

/**
 * Each client's fair share of the request threads: while more than half of them are busy, a client with more than an
 * eighth of them under way, or a trusted proxy with more than half, is answered 503 at once, so that clients that do
 * not read their answers (each holds a thread for up to the write time-out) cannot take every thread. A client is its
 * address, or, from a TRUSTED_PROXIES peer, the address the proxy forwards ({@link Callers}); a count is dropped when
 * it reaches 0. Refusals are logged once a minute. Thread-safe.
 */
final class FairShare extends Handler.Wrapper {
    private static final Throttle REFUSED = Throttle.counting(
            LoggerFactory.getLogger(FairShare.class),
            true,
            "busy: refused %d request(s) from clients that had more than their share of the request threads under way "
                    + "(answered 503)");

    private final AtomicInteger busy = new AtomicInteger();
    private final ConcurrentHashMap<String, AtomicInteger> byClient = new ConcurrentHashMap<>();
    private volatile int threads;

    /** @param threads the request threads; the server's pool's maximum once started */
    FairShare(int threads) {
        this.threads = threads;
    }

    @Override
    protected void doStart() throws Exception {
        if (getServer().getThreadPool() instanceof ThreadPool.SizedThreadPool pool) {
            threads = pool.getMaxThreads();
        }
        super.doStart();
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) throws Exception {
        Caller caller = (Caller) request.getAttribute(Callers.CALLER);
        if (!enter(caller)) {
            REFUSED.count();
            response.getHeaders().put(HttpHeader.RETRY_AFTER, "1");
            Responses.jettyError(
                    request,
                    response,
                    callback,
                    503,
                    "Too many requests under way from one client while the server is busy; try again in a moment.");
            return true;
        }
        AtomicBoolean done = new AtomicBoolean();
        Runnable left = () -> {
            if (done.compareAndSet(false, true)) {
                leave(caller);
            }
        };
        try {
            if (super.handle(request, response, Callback.from(callback, left))) {
                return true;
            }
        } catch (Throwable t) {
            left.run();
            throw t;
        }
        left.run();
        return false;
    }

    /**
     * Counts a request of {@code caller} as under way, unless it is over its share (false: not counted): its client at
     * most an eighth of the threads, and the trusted proxy it came through at most half of them, so that ids rotated
     * behind a proxy cannot take them all.
     */
    boolean enter(Caller caller) {
        int all = busy.incrementAndGet();
        int mine = add(caller.client(), 1);
        int via = caller.via() == null ? 0 : add("via " + caller.via(), 1);
        if (all > threads / 2 && (mine > Math.max(1, threads / 8) || via > threads / 2)) {
            leave(caller);
            return false;
        }
        return true;
    }

    /** A request {@link #enter} let in is done. */
    void leave(Caller caller) {
        busy.decrementAndGet();
        add(caller.client(), -1);
        if (caller.via() != null) {
            add("via " + caller.via(), -1);
        }
    }

    /** Adds to a key's requests under way (a key at 0 is forgotten); its count now. */
    private int add(String key, int n) {
        AtomicInteger count = byClient.compute(key, (k, c) -> {
            AtomicInteger now = c == null ? new AtomicInteger() : c;
            return now.addAndGet(n) == 0 ? null : now;
        });
        return count == null ? 0 : count.get();
    }
}
