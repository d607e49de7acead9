package pocketapi.pictures;

import com.fasterxml.jackson.annotation.JsonClassDescription;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.javalin.http.Context;
import io.javalin.http.ForbiddenResponse;
import io.javalin.http.Handler;
import io.javalin.http.NotFoundResponse;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import pocketapi.logging.LogText;
import pocketapi.web.Query;
import pocketapi.web.Query.Param;
import pocketapi.web.Responses;
import pocketapi.web.Routes;

/**
 * The {@code /img} family: a random picture link as a 302 redirect, text ({@code type=url}) or JSON
 * ({@code type=json}), never cacheable. Links use {@code IMAGE_HOST}, or while it is unset the service's own origin,
 * where the bundled samples are served: {@code PUBLIC_URL} if set, else the request's Host header when it is a plain
 * host[:port].
 */
public final class ImageEndpoint {
    /** The form of the answer when {@code type} does not choose one. */
    public enum Form {
        REDIRECT,
        TEXT,
        JSON
    }

    /** Which pool a path draws from. */
    public enum Pool {
        PORTRAIT,
        LANDSCAPE,
        BY_DEVICE
    }

    /** The JSON form: the link, and the picture's size when its pool says it. */
    @JsonClassDescription("A picture's link, and its size in pixels when its pool says it.")
    record PictureLink(
            String url,
            @JsonInclude(JsonInclude.Include.NON_DEFAULT) int width,
            @JsonInclude(JsonInclude.Include.NON_DEFAULT) int height) {}

    /** Longer Host headers are not believed (no real host name is that long). */
    static final int MAX_HOST_LENGTH = 255;

    // A plain host[:port]: a DNS name, an IPv4 address or a bracketed IPv6 address.
    private static final Pattern PLAIN_HOST = Pattern.compile(
            "(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*"
                    + "|\\[[0-9A-Fa-f:.]+\\])(?::[0-9]{1,5})?");

    private static final Logger LOG = LoggerFactory.getLogger(ImageEndpoint.class);
    public static final Param<String> TYPE = Param.text("type")
            .choices("url", "json")
            .described("url: the link as text; json: the link (and size) as JSON; absent, or any other value: the "
                    + "route's own form (a redirect; /url: text).");
    static final Param<ImagePool.Shape> ORIENTATION = new Param<>(
                    "orientation",
                    v -> switch (v) {
                        case "landscape" -> ImagePool.Shape.LANDSCAPE;
                        case "portrait" -> ImagePool.Shape.PORTRAIT;
                        case "square" -> ImagePool.Shape.SQUARE;
                        default -> throw new IllegalArgumentException("must be landscape, portrait or square");
                    },
                    null)
            .choices("landscape", "portrait", "square")
            .described("Only pictures of this shape, from whichever side the path draws from.");
    private final ImagePools pools;
    private final NamedPools named;
    private final Picker picker;
    private final Referers referers;
    /** Once is enough: a WARN at the first request that shows PUBLIC_URL is missing. */
    private volatile boolean warnedAboutPublicUrl;
    /** The base of every link when it does not depend on the request: IMAGE_HOST, else PUBLIC_URL. */
    private final Optional<String> fixedBase;

    public ImageEndpoint(
            ImagePools pools,
            NamedPools named,
            Picker picker,
            Referers referers,
            Optional<String> imageHost,
            Optional<String> publicUrl) {
        this.pools = pools;
        this.named = named;
        this.picker = picker;
        this.referers = referers;
        this.fixedBase = imageHost.or(() -> publicUrl);
    }

    /**
     * An endpoint answering from today's pools ({@code named} false) or the pool of the path's {@code {name}}, in
     * {@code defaultForm} unless {@code type} asks for another.
     */
    Routes.Answer answer(boolean fromNamed, Pool pool, Form defaultForm) {
        return (ctx, q) -> {
            if (!referers.allows(ctx.header("Referer"), ctx.header("Host"))) {
                throw new ForbiddenResponse("pictures here are only for the pages of " + referers
                        + "; this request's Referer " + "names another site");
            }
            String name = fromNamed ? ctx.pathParam("name") : "/img";
            ImagePool from = fromNamed ? named.all().get(name) : pools.both();
            if (from == null) {
                throw new NotFoundResponse("no picture pool named " + Query.cut(name) + "; the pools here are "
                        + (named.all().isEmpty()
                                ? "none (IMAGE_POOLS_DIR)"
                                : String.join(", ", named.all().keySet())));
            }
            boolean device = pool == Pool.BY_DEVICE;
            ImagePool.Shape side = switch (pool) {
                case PORTRAIT -> ImagePool.Shape.PORTRAIT;
                case LANDSCAPE -> ImagePool.Shape.LANDSCAPE;
                case BY_DEVICE ->
                    Devices.isMobile(ctx.header("Sec-CH-UA-Mobile"), ctx.header("User-Agent"))
                            ? ImagePool.Shape.PORTRAIT
                            : ImagePool.Shape.LANDSCAPE;
            };
            ImagePool.Shape shape = q.get(ORIENTATION);
            ImagePool.Picture picture = picker.pick(
                            from, name, side, device, shape, q.user(), ThreadLocalRandom.current())
                    .orElseThrow(() -> new NotFoundResponse("the pool " + name + " has no "
                            + (shape != null
                                    ? shape.name().toLowerCase(Locale.ROOT)
                                    : side.name().toLowerCase(Locale.ROOT))
                            + " pictures"));
            serve(ctx, picture, form(q.get(TYPE), defaultForm));
        };
    }

    private static Form form(String type, Form defaultForm) {
        if ("url".equals(type)) {
            return Form.TEXT;
        }
        return "json".equals(type) ? Form.JSON : defaultForm;
    }

    private void serve(Context ctx, ImagePool.Picture picture, Form form) {
        String link = fixedBase.orElseGet(() -> requestOrigin(ctx)) + ImagePool.PREFIX + picture.path();
        ctx.header("Cache-Control", "no-store");
        switch (form) {
            // Empty body: drop the default text type Javalin puts on every response.
            case REDIRECT -> ctx.status(302).header("Location", link).removeHeader("Content-Type");
            case TEXT -> Responses.text(ctx, link);
            case JSON -> Responses.json(ctx, new PictureLink(link, picture.width(), picture.height()));
        }
    }

    /**
     * {@code http://} + the Host header when it is a plain host[:port] of at most {@value #MAX_HOST_LENGTH} characters,
     * else {@code http://localhost:<port>}.
     */
    String requestOrigin(Context ctx) {
        String host = ctx.header("Host");
        Origin last = lastOrigin;
        if (last != null && last.host().equals(host)) {
            return last.origin(); // clients keep sending the same Host: check it once, not per request
        }
        String origin = origin(host, ctx);
        if (host != null) {
            lastOrigin = new Origin(host, origin);
        }
        return origin;
    }

    /** A Host header and the origin it gives. */
    private record Origin(String host, String origin) {}

    private volatile Origin lastOrigin;

    private String origin(String host, Context ctx) {
        if (host != null
                && host.length() <= MAX_HOST_LENGTH
                && PLAIN_HOST.matcher(host).matches()) {
            if (!warnedAboutPublicUrl && !ownAddress(host, ctx)) {
                warnedAboutPublicUrl = true;
                LOG.warn(
                        "requests arrive for {}, not for this service's own address, and PUBLIC_URL is unset: links to "
                                + "the bundled pictures follow the Host header each request sends; set "
                                + "PUBLIC_URL to the address "
                                + "your clients use (e.g. PUBLIC_URL=https://{}) so they never depend on it",
                        LogText.safe(host, LogText.SHORT),
                        LogText.safe(host.replaceFirst(":\\d+$", ""), LogText.SHORT));
            }
            return "http://" + host;
        }
        return "http://localhost:" + ctx.req().getLocalPort();
    }

    /** Whether {@code host} names this machine as a client beside it would: localhost or the address it listens on. */
    private static boolean ownAddress(String host, Context ctx) {
        String name = host.startsWith("[")
                ? host.substring(0, host.indexOf(']') + 1)
                : host.contains(":") ? host.substring(0, host.lastIndexOf(':')) : host;
        String local = ctx.req().getLocalAddr();
        return name.equalsIgnoreCase("localhost")
                || name.equals("127.0.0.1")
                || name.equals("[::1]")
                || name.equals(local)
                || name.equals("[" + local + "]");
    }

    /** {@code GET /d/image/<entry>}: a bundled sample picture, only while IMAGE_HOST is unset. */
    public static Handler samples(SampleImages samples) {
        return ctx -> {
            // An unknown name gets the ordinary 404 answer of an unknown path.
            byte[] picture = samples.get(ctx.pathParam("entry")).orElseThrow(NotFoundResponse::new);
            ctx.header("Cache-Control", "public, max-age=86400");
            Responses.binary(ctx, "image/png", picture);
        };
    }
}
