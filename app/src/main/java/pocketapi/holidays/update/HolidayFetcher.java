package pocketapi.holidays.update;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.*;
import java.nio.ByteBuffer;
import java.nio.channels.UnresolvedAddressException;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.*;

/**
 * Fetches one holiday file over HTTP(S) with the limits a background job on a small server needs: a connect time-out, a
 * time-out for the whole exchange (a mirror that accepts and never answers costs nothing else), at most
 * {@value #MAX_BYTES} bytes, status 200 only, no HTML (captive portals and hijacking resolvers answer 200 with a page).
 * A redirect keeps the scheme, and never leads from a public host to a loopback, link-local or private address (the
 * instance's own network), unless the URL asked for is itself such an address. Every failure is a fixed phrase: nothing
 * the answer said (a status line, a header, a body) is in it. Thread-safe.
 */
public final class HolidayFetcher {
    static final int MAX_BYTES = 1 << 20;
    /** How long an updater's round may take in all, every fetch of it together, in production. */
    static final Duration ROUND = Duration.ofSeconds(60);

    private static final int MAX_REDIRECTS = 5;

    private final Duration connect;
    /** Made on the first fetch, in the background: building one loads the TLS stack, 500 classes. */
    private HttpClient client;

    private final Duration wholeRequest;
    private final Duration round;
    private final String userAgent;

    /** The production limits: 5 s to connect, 20 s for the whole request, {@link #ROUND} for an updater's round. */
    public HolidayFetcher(String userAgent) {
        this(Duration.ofSeconds(5), Duration.ofSeconds(20), ROUND, userAgent);
    }

    public HolidayFetcher(Duration connect, Duration wholeRequest, String userAgent) {
        this(connect, wholeRequest, ROUND, userAgent);
    }

    public HolidayFetcher(Duration connect, Duration wholeRequest, Duration round, String userAgent) {
        this.connect = connect;
        this.wholeRequest = wholeRequest;
        this.round = round;
        this.userAgent = userAgent;
    }

    /** When a round that starts now must be over ({@link System#nanoTime}): what {@link #fetch(URI, long)} takes. */
    public long roundEnd() {
        return System.nanoTime() + round.toNanos();
    }

    /** What one fetch gave: the body, or why there is none. */
    public sealed interface Result permits Body, Failure {}

    public record Body(byte[] bytes) implements Result {}

    /**
     * @param reason one short sentence, the same for the same cause (it is logged once per change)
     * @param noAnswer the mirror could not be reached, or did not answer in time (rather than answering something
     *     unusable)
     */
    public record Failure(String reason, boolean noAnswer) implements Result {
        Failure(String reason) {
            this(reason, false);
        }
    }

    /** A fetch on its own: {@link #wholeRequest} at most. */
    public Result fetch(URI url) {
        return fetch(url, System.nanoTime() + wholeRequest.toNanos());
    }

    /**
     * A fetch of an updater's round, which ends at {@code roundEnd} ({@link System#nanoTime}) at the latest: a mirror
     * that sends a byte at a time holds neither the fetch past its own limit nor the round past its end.
     */
    public Result fetch(URI url, long roundEnd) {
        long own = System.nanoTime() + wholeRequest.toNanos();
        boolean roundFirst = roundEnd - own < 0;
        long deadline = roundFirst ? roundEnd : own;
        if (deadline - System.nanoTime() <= 0) {
            return new Failure("not asked: the round's " + round.toSeconds() + " s were over", true);
        }
        URI current = url;
        Boolean local = null; // whether the URL asked for is on the instance's own network: looked up on a redirect
        try {
            for (int hop = 0; hop <= MAX_REDIRECTS; hop++) {
                HttpResponse<byte[]> response = send(current, deadline);
                int status = response.statusCode();
                Optional<String> location = response.headers().firstValue("Location");
                if (status / 100 == 3 && location.isPresent()) {
                    URI next;
                    try {
                        next = current.resolve(location.get());
                    } catch (IllegalArgumentException e) {
                        return new Failure("redirected to a malformed location: refused");
                    }
                    local = local == null ? isLocal(url.getHost()) : local;
                    String refused = refusedRedirect(current, next, local);
                    if (refused != null) {
                        return new Failure(refused);
                    }
                    current = next;
                } else if (status != 200) {
                    return new Failure("answered HTTP " + status);
                } else if (response.headers()
                                .firstValue("Content-Type")
                                .orElse("")
                                .toLowerCase(Locale.ROOT)
                                .contains("html")
                        || looksLikeMarkup(response.body())) {
                    return new Failure(
                            "answered an HTML page, not a holiday file (a captive portal or a blocked mirror?)");
                } else {
                    return new Body(response.body());
                }
            }
            return new Failure("more than " + MAX_REDIRECTS + " redirects");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Failure("interrupted");
        } catch (ExecutionException | TimeoutException | RuntimeException e) {
            return failure(e instanceof ExecutionException ? e.getCause() : e, roundFirst);
        }
    }

    /**
     * A failed exchange in fixed words: the class alone where the JDK quotes what the server sent in its message (an
     * invalid status line).
     */
    private Failure failure(Throwable e, boolean roundFirst) {
        if (e instanceof TooLarge) {
            return new Failure("the answer is larger than " + MAX_BYTES + " bytes");
        } else if (e instanceof HttpConnectTimeoutException) {
            return new Failure("could not connect within the time-out", true);
        } else if (e instanceof TimeoutException || e instanceof HttpTimeoutException) {
            return new Failure(
                    roundFirst
                            ? "no complete answer before the round's " + round.toSeconds() + " s were over"
                            : "no complete answer within " + wholeRequest.toSeconds() + " s",
                    true);
        } else if (e instanceof ConnectException) {
            return new Failure(
                    "could not connect ("
                            + (e.getMessage() != null
                                    ? e.getMessage()
                                    : e.getCause() instanceof UnresolvedAddressException
                                            ? "host name not found"
                                            : e.getCause())
                            + ")",
                    true);
        }
        return new Failure("the request failed (" + e.getClass().getSimpleName() + ")", e instanceof IOException);
    }

    /** Why a redirect is not followed, or null when it may be. */
    static String refusedRedirect(URI from, URI to, boolean localAllowed) {
        String scheme = to.getScheme() == null ? "" : to.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("https") && !scheme.equals("http")) {
            return "redirected to another scheme: refused";
        }
        if (to.isOpaque() || to.getHost() == null || to.getHost().isEmpty()) {
            return "redirected to a malformed location: refused";
        }
        if ("https".equalsIgnoreCase(from.getScheme()) && scheme.equals("http")) {
            return "redirected from https to plain http: refused";
        }
        if (!scheme.equalsIgnoreCase(from.getScheme())) {
            return "redirected to another scheme: refused";
        }
        if (!localAllowed && isLocal(to.getHost())) {
            return "redirected from a public host to a loopback, link-local or private address: refused";
        }
        return null;
    }

    /**
     * Whether {@code host} is, or resolves to, an address of the instance's own network: loopback, link-local
     * (169.254.169.254 answers cloud credentials), private (10/8, 172.16/12, 192.168/16, fc00::/7), shared (100.64/10),
     * unspecified or multicast.
     */
    static boolean isLocal(String host) {
        String bare = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        try {
            for (InetAddress address : InetAddress.getAllByName(bare)) {
                if (isLocal(address)) {
                    return true;
                }
            }
            return false;
        } catch (UnknownHostException | SecurityException e) {
            return true;
        }
    }

    static boolean isLocal(InetAddress a) {
        byte[] b = a.getAddress();
        boolean uniqueLocal = b.length == 16 && (b[0] & 0xfe) == 0xfc;
        boolean shared = b.length == 4 && (b[0] & 0xff) == 100 && (b[1] & 0xc0) == 64;
        boolean thisNetwork = b.length == 4 && b[0] == 0;
        return a.isLoopbackAddress()
                || a.isLinkLocalAddress()
                || a.isSiteLocalAddress()
                || a.isAnyLocalAddress()
                || a.isMulticastAddress()
                || uniqueLocal
                || shared
                || thisNetwork;
    }

    private synchronized HttpClient client() {
        if (client == null) {
            client = HttpClient.newBuilder()
                    .connectTimeout(connect)
                    .followRedirects(HttpClient.Redirect.NEVER)
                    .build();
        }
        return client;
    }

    private HttpResponse<byte[]> send(URI url, long deadline)
            throws InterruptedException, ExecutionException, TimeoutException {
        long left = deadline - System.nanoTime();
        HttpRequest request = HttpRequest.newBuilder(url)
                .timeout(Duration.ofNanos(Math.max(left, 1)))
                .header("User-Agent", userAgent)
                .header("Accept", "application/json")
                .GET()
                .build();
        CompletableFuture<HttpResponse<byte[]>> future = client().sendAsync(request, info -> new Limited());
        try {
            return future.get(left, TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            future.cancel(true);
            throw e;
        }
    }

    private static boolean looksLikeMarkup(byte[] body) {
        for (byte b : body) {
            if (b == '<') {
                return true;
            }
            if (b != ' '
                    && b != '\n'
                    && b != '\r'
                    && b != '\t'
                    && b != (byte) 0xEF
                    && b != (byte) 0xBB
                    && b != (byte) 0xBF) {
                return false;
            }
        }
        return false;
    }

    /** The body is larger than {@value #MAX_BYTES}. */
    private static final class TooLarge extends IOException {
        TooLarge() {
            super("too large", null);
        }
    }

    /** Collects the body, giving up (and cancelling the transfer) past {@value #MAX_BYTES} bytes. */
    private static final class Limited implements HttpResponse.BodySubscriber<byte[]> {
        private final CompletableFuture<byte[]> result = new CompletableFuture<>();
        private final ByteArrayOutputStream out = new ByteArrayOutputStream();
        private Flow.Subscription subscription;

        @Override
        public CompletionStage<byte[]> getBody() {
            return result;
        }

        @Override
        public void onSubscribe(Flow.Subscription s) {
            subscription = s;
            s.request(Long.MAX_VALUE);
        }

        @Override
        public void onNext(List<ByteBuffer> buffers) {
            for (ByteBuffer buffer : buffers) {
                if (result.isDone()) {
                    return;
                }
                if (out.size() + buffer.remaining() > MAX_BYTES) {
                    subscription.cancel();
                    result.completeExceptionally(new TooLarge());
                    return;
                }
                byte[] chunk = new byte[buffer.remaining()];
                buffer.get(chunk);
                out.writeBytes(chunk);
            }
        }

        @Override
        public void onError(Throwable t) {
            result.completeExceptionally(t);
        }

        @Override
        public void onComplete() {
            result.complete(out.toByteArray());
        }
    }
}
