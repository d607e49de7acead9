package pocketapi.web;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.http.HttpVersion;
import org.eclipse.jetty.http.PreEncodedHttpField;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.InetAddressSet;
import org.eclipse.jetty.util.component.Graceful;
import org.eclipse.jetty.util.thread.ThreadPool;
import org.slf4j.LoggerFactory;
import pocketapi.logging.Throttle;

/**
 * The handler in front of Javalin's, for every request: {@code nosniff} on every answer, and CORS on an endpoint's
 * ({@link Routes#crossOrigin}); HTTP/1.0 with Transfer-Encoding, faulty framing (RFC 9112 §6.1), answered 400 and
 * closed, so nothing smuggled behind it is read; each client's fair share of the request threads; the answer under way
 * marked on its connection until it is written, for the write time-out ({@link Connections}); and the graceful stop
 * ({@link Graceful}, as Jetty's {@code GracefulHandler} does it, without wrapping every request): once the server
 * stops, a new request is answered 503, and the stop waits, up to the server's stop time-out, until no request is under
 * way.
 *
 * <p>Who the request is ({@link Caller}) is worked out here, once, and handed on as the request's {@link #CALLER}: the
 * user id {@code /api/info} counts is {@code CF-Connecting-IP}, else the first {@code X-Forwarded-For} entry, trimmed,
 * read as UTF-8, cut to 128 characters, else {@code unknown}; with {@code TRUSTED_PROXIES} (Jetty's
 * {@link InetAddressSet}) those headers count only from a listed peer, and from any other the id is the peer's address.
 * A caller whose address (the user id when it is an IP address, the peer's when the id is {@code unknown}) is in
 * {@code STATS_IGNORE} is answered but not counted. The fair share: while more than half of the request threads are
 * busy, a client with more than an eighth of them under way, or a trusted proxy with more than half, is answered 503 at
 * once, so that clients that do not read their answers (each holds a thread for up to the write time-out) cannot take
 * every thread. A client is its address, or, from a TRUSTED_PROXIES peer, the address the proxy forwards; a count is
 * dropped when it reaches 0. Refusals are logged once a minute. Thread-safe.
 */
final class FrontDoor extends Handler.Wrapper implements Graceful {
    /** CORS for an endpoint's answer, added as it enters: a field written out as it is. */
    static final HttpField CORS = new PreEncodedHttpField(HttpHeader.ACCESS_CONTROL_ALLOW_ORIGIN, "*");

    /** The request attribute that holds the {@link Caller}. */
    static final String CALLER = "pocketapi.caller";

    /**
     * The header the service's own page sends with its calls, which are then not counted: a page view would otherwise
     * add five calls. A web page of another site cannot send it (a header of its own needs CORS's preflight, which is
     * 405 here), so only this page, or a client that asks not to be counted, is left out.
     */
    public static final String PAGE = "X-Pocketapi-Page";

    private static final Throttle REFUSED = Throttle.counting(
            LoggerFactory.getLogger(FrontDoor.class),
            true,
            "busy: refused %d "
                    + "request(s) from clients that had more than their share of the request threads under "
                    + "way (answered 503)");
    /** Null when TRUSTED_PROXIES is unset: every peer's headers are believed, as the specification has it. */
    private final InetAddressSet trusted;
    /** STATS_IGNORE; null when unset. */
    private final InetAddressSet ignored;
    /** The paths whose answers carry {@link #CORS} ({@link Routes#crossOrigin}). */
    private final Predicate<String> crossOrigin;

    private final AtomicInteger busy = new AtomicInteger();
    /** Every request under way, whatever its answer: the graceful stop waits for none to be left. */
    private final AtomicInteger requests = new AtomicInteger();

    private final Graceful.Shutdown stopping = new Graceful.Shutdown(this) {
        @Override
        public boolean isShutdownDone() {
            return requests.get() == 0;
        }
    };
    private final ConcurrentHashMap<String, AtomicInteger> byClient = new ConcurrentHashMap<>();
    private volatile int threads;

    /**
     * @param trustedProxies TRUSTED_PROXIES, {@code ignore} STATS_IGNORE, as the configuration checked them: IP
     *     literals and CIDR ranges
     * @param crossOrigin the paths whose answers, errors included, get {@code Access-Control-Allow-Origin: *}
     */
    FrontDoor(List<String> trustedProxies, List<String> ignore, int threads, Predicate<String> crossOrigin) {
        this.trusted = set(trustedProxies);
        this.ignored = set(ignore);
        this.threads = threads;
        this.crossOrigin = crossOrigin;
    }

    private static InetAddressSet set(List<String> entries) {
        InetAddressSet set = entries.isEmpty() ? null : new InetAddressSet();
        entries.forEach(entry -> set.add(entry));
        return set;
    }

    @Override
    protected void doStart() throws Exception {
        stopping.cancel(); // a server started again takes requests again
        if (getServer().getThreadPool() instanceof ThreadPool.SizedThreadPool pool) {
            threads = pool.getMaxThreads();
        }
        super.doStart();
    }

    @Override
    public CompletableFuture<Void> shutdown() {
        return stopping.shutdown();
    }

    @Override
    public boolean isShutdown() {
        return stopping.isShutdown();
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) throws Exception {
        requests.incrementAndGet(); // before the test for a stop, so that the stop cannot miss this request
        Done done = new Done();
        Callback answered = Callback.from(callback, done);
        try {
            if (answer(request, response, answered, done)) {
                return true;
            }
        } catch (Throwable t) {
            done.run();
            throw t;
        }
        done.run();
        return false;
    }

    /** Every request's way in, tracked until {@code done}. */
    private boolean answer(Request request, Response response, Callback callback, Done done) throws Exception {
        response.getHeaders().put(Responses.NOSNIFF);
        if (stopping.isShutdown()) {
            Response.writeError(request, response, callback, HttpStatus.SERVICE_UNAVAILABLE_503);
            return true;
        }
        if (request.getConnectionMetaData().getHttpVersion() == HttpVersion.HTTP_1_0
                && request.getHeaders().contains(HttpHeader.TRANSFER_ENCODING)) {
            response.getHeaders().put(HttpHeader.CONNECTION, "close");
            Responses.jettyError(
                    request,
                    response,
                    callback,
                    400,
                    "The request was rejected: HTTP/1.0 has no Transfer-Encoding; send HTTP/1.1, or a Content-Length.");
            return true;
        }
        if (!wellEscaped(request.getHttpURI().getPath())) {
            Responses.REJECTED.count();
            Responses.jettyError(
                    request,
                    response,
                    callback,
                    400,
                    "The request was rejected: a malformed escape in the "
                            + "path; every % must be followed by two hex digits (%20, %E4%B8%AD).");
            return true;
        }
        Caller asked = caller(
                Request.getRemoteAddr(request),
                request.getHeaders().get("CF-Connecting-IP"),
                request.getHeaders().get(HttpHeader.X_FORWARDED_FOR));
        Caller caller = asked.counted() && request.getHeaders().contains(PAGE)
                ? new Caller(asked.user(), asked.client(), asked.via(), false)
                : asked;
        request.setAttribute(CALLER, caller);
        if (!enter(caller)) {
            REFUSED.count();
            response.getHeaders().put(HttpHeader.RETRY_AFTER, "1");
            Responses.jettyError(
                    request,
                    response,
                    callback,
                    503,
                    "Too many requests under way from one client while "
                            + "the server is busy; try again in a moment.");
            return true;
        }
        done.entered(request, caller);
        Connections.answering(request, response);
        if (crossOrigin.test(request.getHttpURI().getPath())) {
            response.getHeaders().add(CORS);
        }
        return super.handle(request, response, callback);
    }

    /**
     * A request's end, once: its answer no longer under way on its connection, its client's share given back, and the
     * stop told when it was the last one.
     */
    private final class Done extends AtomicBoolean implements Runnable {
        private Request request;
        /** Written after {@code request}, read before it: the end may come on another thread. */
        private volatile Caller caller;

        void entered(Request request, Caller caller) {
            this.request = request;
            this.caller = caller;
        }

        @Override
        public void run() {
            if (compareAndSet(false, true)) {
                Caller entered = caller;
                if (entered != null) {
                    Connections.answering(request, null);
                    leave(entered);
                }
                requests.decrementAndGet();
                if (stopping.isShutdown()) {
                    stopping.check();
                }
            }
        }
    }

    /**
     * Whether every {@code %} in a raw path starts an escape of two hex digits (the path parameters' decoder throws
     * otherwise).
     */
    static boolean wellEscaped(String path) {
        for (int i = path == null ? -1 : path.indexOf('%'); i >= 0; i = path.indexOf('%', i + 1)) {
            if (i + 2 >= path.length()
                    || Character.digit(path.charAt(i + 1), 16) < 0
                    || Character.digit(path.charAt(i + 2), 16) < 0) {
                return false;
            }
        }
        return true;
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

    /** Who a request from {@code peer} with these headers is. */
    Caller caller(String peer, String cfConnectingIp, String xForwardedFor) {
        if (trusted == null && ignored == null) { // the common case: no address to read
            return new Caller(userId(cfConnectingIp, xForwardedFor), peer, null, true);
        }
        InetAddress address = literal(peer);
        String user;
        String client = peer;
        String via = null;
        if (trusted == null) {
            user = userId(cfConnectingIp, xForwardedFor);
        } else if (address == null || !trusted.test(address)) {
            user = client = address == null ? peer : address.getHostAddress();
        } else {
            user = client = userId(cfConnectingIp, xForwardedFor);
            via = peer;
        }
        boolean counted = ignored == null || !ignored.test(user.equals("unknown") ? address : literal(user));
        return new Caller(user, client, via, counted);
    }

    private static final Pattern IP_LITERAL =
            Pattern.compile("[0-9]{1,3}(\\.[0-9]{1,3}){3}|\\[?[0-9A-Fa-f:.]*:[0-9A-Fa-f:.%\\w]*]?");

    /** An IP address as written (never looked up), or null when {@code text} is not one. */
    static InetAddress literal(String text) {
        if (text == null || !IP_LITERAL.matcher(text).matches()) {
            return null;
        }
        try {
            return InetAddress.getByName(text);
        } catch (UnknownHostException e) {
            return null;
        }
    }

    /**
     * {@code CF-Connecting-IP}, else the first {@code X-Forwarded-For} entry, trimmed, as UTF-8, at most 128
     * characters; else {@code unknown}.
     */
    static String userId(String cfConnectingIp, String xForwardedFor) {
        String id = cfConnectingIp == null ? "" : cfConnectingIp.strip();
        if (id.isEmpty() && xForwardedFor != null) {
            int comma = xForwardedFor.indexOf(',');
            id = (comma < 0 ? xForwardedFor : xForwardedFor.substring(0, comma)).strip();
        }
        if (id.isEmpty()) {
            return "unknown";
        }
        id = utf8(id);
        if (id.length() > 128) {
            id = id.substring(0, Character.isHighSurrogate(id.charAt(127)) ? 127 : 128);
        }
        return id;
    }

    /** A header Jetty read as Latin-1, as the UTF-8 its bytes are (when they are: else as it came). */
    private static String utf8(String latin1) {
        for (int i = 0; i < latin1.length(); i++) {
            if (latin1.charAt(i) >= 0x80) {
                try {
                    return StandardCharsets.UTF_8
                            .newDecoder()
                            .decode(ByteBuffer.wrap(latin1.getBytes(StandardCharsets.ISO_8859_1)))
                            .toString();
                } catch (CharacterCodingException e) {
                    return latin1;
                }
            }
        }
        return latin1;
    }
}
