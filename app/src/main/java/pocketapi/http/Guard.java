package pocketapi.http;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpVersion;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.thread.ThreadPool;
import org.slf4j.LoggerFactory;

import pocketapi.logging.Throttle;

/**
 * The handler in front of Javalin's, for every request: {@code nosniff} on every answer; HTTP/1.0
 * with Transfer-Encoding, faulty framing (RFC 9112 §6.1), answered 400 and closed, so nothing
 * smuggled behind it is read; each client's fair share of the request threads; and the answer under
 * way marked on its connection until it is written, for the write time-out ({@link JettyInternals}).
 *
 * <p>The fair share: while more than half of the request threads are busy, a client with more than an
 * eighth of them under way is answered 503 at once, so that clients that do not read their answers
 * (each holds a thread for up to the write time-out) cannot take every thread. A client is its
 * address, or, from a TRUSTED_PROXIES peer, the address the proxy forwards; a client's count is
 * dropped when it reaches 0. Refusals are logged once a minute. Thread-safe.
 */
final class Guard extends Handler.Wrapper {
    private static final Throttle REFUSED = Throttle.counting(LoggerFactory.getLogger(Guard.class), true, "busy: refused %d "
            + "request(s) from clients that had more than their share of the request threads under way (answered 503)");
    private final TrustedProxies trusted;
    private final AtomicInteger busy = new AtomicInteger();
    private final ConcurrentHashMap<String, AtomicInteger> byClient = new ConcurrentHashMap<>();
    private volatile int threads;

    Guard(TrustedProxies trusted, int threads) {
        this.trusted = trusted.isSet() ? trusted : null;  // unset: nothing of it runs per request
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
        response.getHeaders().put(Responses.NOSNIFF);
        if (request.getConnectionMetaData().getHttpVersion() == HttpVersion.HTTP_1_0
                && request.getHeaders().contains(HttpHeader.TRANSFER_ENCODING)) {
            response.getHeaders().put(HttpHeader.CONNECTION, "close");
            Responses.jettyError(request, response, callback, 400,
                    "The request was rejected: HTTP/1.0 has no Transfer-Encoding; send HTTP/1.1, or a Content-Length.");
            return true;
        }
        if (!wellEscaped(request.getHttpURI().getPath())) {
            Responses.REJECTED.count();
            Responses.jettyError(request, response, callback, 400, "The request was rejected: a malformed escape in the "
                    + "path; every % must be followed by two hex digits (%20, %E4%B8%AD).");
            return true;
        }
        String client = client(request);
        if (!enter(client)) {
            REFUSED.count();
            response.getHeaders().put(HttpHeader.RETRY_AFTER, "1");
            Responses.jettyError(request, response, callback, 503, "Too many requests under way from one client while "
                    + "the server is busy; try again in a moment.");
            return true;
        }
        AtomicBoolean released = new AtomicBoolean();
        Runnable release = () -> {
            if (released.compareAndSet(false, true)) {
                JettyInternals.answering(request, null);
                leave(client);
            }
        };
        Callback done = Callback.from(callback, release);
        JettyInternals.answering(request, response);
        try {
            if (super.handle(request, response, done)) {
                return true;
            }
        } catch (Throwable t) {
            release.run();
            throw t;
        }
        release.run();
        return false;
    }

    /** Whether every {@code %} in a raw path starts an escape of two hex digits (the path parameters' decoder throws otherwise). */
    static boolean wellEscaped(String path) {
        for (int i = path == null ? -1 : path.indexOf('%'); i >= 0; i = path.indexOf('%', i + 1)) {
            if (i + 2 >= path.length() || Character.digit(path.charAt(i + 1), 16) < 0 || Character.digit(path.charAt(i + 2), 16) < 0) {
                return false;
            }
        }
        return true;
    }

    /** Counts a request of {@code client} as under way, unless it is over its share (false: not counted). */
    boolean enter(String client) {
        AtomicInteger mine = byClient.compute(client, (k, n) -> {
            AtomicInteger count = n == null ? new AtomicInteger() : n;
            count.incrementAndGet();
            return count;
        });
        if (busy.incrementAndGet() > threads / 2 && mine.get() > Math.max(1, threads / 8)) {
            leave(client);
            return false;
        }
        return true;
    }

    /** A request {@link #enter} let in is done. */
    void leave(String client) {
        busy.decrementAndGet();
        byClient.computeIfPresent(client, (k, n) -> n.decrementAndGet() == 0 ? null : n);
    }

    /** Requests under way, of everyone and of {@code client}. */
    int[] underWay(String client) {
        AtomicInteger mine = byClient.get(client);
        return new int[] {busy.get(), mine == null ? 0 : mine.get()};
    }

    /** The client's address, or behind a trusted proxy the one it forwards (first X-Forwarded-For entry). */
    private String client(Request request) {
        String peer = Request.getRemoteAddr(request);
        String direct = trusted != null ? trusted.direct(peer) : peer;
        return direct != null ? direct : HttpApi.userId(request.getHeaders().get("CF-Connecting-IP"),
                request.getHeaders().get(HttpHeader.X_FORWARDED_FOR));
    }
}
