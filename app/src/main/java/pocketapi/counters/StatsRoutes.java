package pocketapi.counters;

import com.fasterxml.jackson.annotation.JsonClassDescription;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.javalin.http.Context;
import io.javalin.http.NotFoundResponse;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import pocketapi.counters.Counters.DayCount;
import pocketapi.counters.Counters.Report;
import pocketapi.logging.LogText;
import pocketapi.web.Query;
import pocketapi.web.Query.Param;
import pocketapi.web.Responses;

/**
 * The counters' endpoints: {@code /api/info} (the counts of its own call), {@code /api/info/history} (calls per UTC+8
 * day, JSON or CSV) and the badge ({@code /api/badge.svg}, {@code /api/badge.json}, not counted). docs, "GET
 * /api/info".
 */
public final class StatsRoutes {
    public static final Param<Boolean> CSV = Param.either("format", "json", "csv")
            .described("json (the default) or csv: a header line, then a line per day, "
                    + "date,site,holidays,pictures,info,other,bots,imported,visitors.");
    public static final Param<Metric> METRIC = new Param<>(
                    "metric",
                    v -> {
                        for (Metric m : Metric.values()) {
                            if (m.name.equals(v)) {
                                return m;
                            }
                        }
                        throw new IllegalArgumentException(
                                "must be total, today, days30, visitors, visitors_today or visitors_days30");
                    },
                    Metric.TOTAL)
            .choices(Arrays.stream(Metric.values()).map(m -> m.name).toArray(String[]::new))
            .described("The number shown: calls, total (the default: since the counters began), today (UTC+8) or "
                    + "days30 (the last 30 days), the crawlers' left out unless bots=include; or distinct visitors "
                    + "(callers that are not crawlers, estimated): visitors (all the days kept, STATS_HISTORY_DAYS), "
                    + "visitors_today or visitors_days30 (a 404 without a history, STATS_HISTORY_DAYS=0).");
    /**
     * {@code today=show}: the hit counters' "today / total" (hits-counter, seeyoufarm); {@code hide}, the number alone.
     */
    public static final Param<Boolean> TODAY = new Param<>(
                    "today",
                    v -> switch (v) {
                        case "show" -> true;
                        case "hide" -> false;
                        default -> throw new IllegalArgumentException("must be show or hide");
                    },
                    false)
            .choices("hide", "show")
            .described("show: today's number of the same kind before the metric's, as 3 / 1204; hide (the "
                    + "default): the one number. On a metric of today it changes nothing.");

    /**
     * {@code bots=include}: the calls metrics count the crawlers' too, the number {@code /api/info}'s
     * {@code totalRequests} shows; {@code exclude}, the default, leaves them out.
     */
    public static final Param<Boolean> BOTS = Param.either("bots", "exclude", "include")
            .described("For the calls metrics: exclude (the default) leaves the crawlers' calls out; include counts "
                    + "them too, as /api/info's totalRequests does. The visitors never include crawlers.");

    public static final Param<String> LABEL = new Param<>(
                    "label",
                    v -> {
                        // A control character (U+0001 ...) makes an SVG that no XML parser reads: refused like an empty
                        // label.
                        if (v.isEmpty()
                                || v.codePointCount(0, v.length()) > 40
                                || v.codePoints().anyMatch(LogText::unsafe)) {
                            throw new IllegalArgumentException(
                                    "must be 1 to 40 characters, none of them a control or format character");
                        }
                        return v;
                    },
                    null)
            .described("The badge's words, 1 to 40 characters; default: calls, calls today, calls 30 days, visitors, "
                    + "visitors today or visitors 30 days.");
    /**
     * What a badge shows, with the label it has unless {@code label=} names another: calls (crawlers' left out) or
     * distinct visitors, over all time (the visitors: the days kept), today, or the last 30 days.
     */
    enum Metric {
        TOTAL("total", "calls"),
        TODAY("today", "calls today"),
        DAYS30("days30", "calls 30 days"),
        VISITORS("visitors", "visitors"),
        VISITORS_TODAY("visitors_today", "visitors today"),
        VISITORS_DAYS30("visitors_days30", "visitors 30 days");

        final String name;
        final String label;

        Metric(String name, String label) {
            this.name = name;
            this.label = label;
        }

        boolean visitors() {
            return ordinal() >= VISITORS.ordinal();
        }

        /** The number this metric shows of the counts, the crawlers' calls in them or not ({@code bots}). */
        long of(Counters.Summary s, boolean bots) {
            Counters.Visitors v = s.visitors();
            return switch (this) {
                case TOTAL -> s.total() - (bots ? 0 : s.botsTotal());
                case TODAY -> s.today() - (bots ? 0 : s.botsToday());
                case DAYS30 -> s.days30() - (bots ? 0 : s.bots30());
                case VISITORS -> v.kept();
                case VISITORS_TODAY -> v.today();
                case VISITORS_DAYS30 -> v.days30();
            };
        }

        Metric today() {
            return visitors() ? VISITORS_TODAY : TODAY;
        }
    }

    private final Counters counters;
    /** STATS_HISTORY_DAYS: at most this many days are kept and answered; 0, none. */
    private final int kept;

    public final Param<Integer> days;

    public StatsRoutes(Counters counters, int kept) {
        this.counters = counters;
        this.kept = kept;
        this.days = Param.integer("days", 1, Math.max(1, kept), Math.min(30, kept))
                .described("How many days up to today (UTC+8), at most STATS_HISTORY_DAYS; default: 30.");
    }

    /** The statistics record, fields in the order of the specification. */
    @JsonClassDescription(
            "The calls counted, this one included: the site's and the caller's, in all and today (UTC+8).")
    record Info(
            @JsonPropertyDescription("Always UTC+8: the zone of date and of the daily counts.")
            String timezone,

            @JsonPropertyDescription("Today in UTC+8, YYYY-MM-DD.")
            String date,

            @JsonPropertyDescription("The caller as counted: CF-Connecting-IP, else the first X-Forwarded-For entry, "
                    + "else unknown (with TRUSTED_PROXIES, from another peer: its address).")
            String requestUser,

            SiteCounts site,
            Counts requestUserStats) {}

    @JsonClassDescription("Calls counted in all, and today (UTC+8): every call, a crawler's too.")
    record Counts(long totalRequests, long dailyRequests) {}

    /** The site's: the specification's two counts, then its visitors (none without a history: STATS_HISTORY_DAYS=0). */
    @JsonClassDescription("The site's calls counted in all and today (UTC+8), every call, a crawler's too; then its "
            + "distinct visitors, estimated, unless no day is kept (STATS_HISTORY_DAYS=0).")
    record SiteCounts(
            long totalRequests,
            long dailyRequests,

            @JsonPropertyDescription("The distinct callers that are not crawlers over all the days kept "
                    + "(STATS_HISTORY_DAYS), estimated; absent with STATS_HISTORY_DAYS=0.")
            @JsonInclude(JsonInclude.Include.NON_NULL)
            Long totalVisitors,

            @JsonPropertyDescription("Today's distinct callers that are not crawlers (UTC+8), estimated; absent with "
                    + "STATS_HISTORY_DAYS=0.")
            @JsonInclude(JsonInclude.Include.NON_NULL)
            Long dailyVisitors) {}

    @JsonClassDescription("The site's calls per UTC+8 day, oldest first, the last day today.")
    record History(
            String timezone,

            @JsonPropertyDescription("The distinct visitors of all the days answered together (one of several days "
                    + "counts once: the days' own visitors do not add up to it), estimated.")
            long visitors,

            List<DayCount> days) {}

    /** The Shields endpoint schema (shields.io/badges/endpoint-badge). */
    @JsonClassDescription("A badge as Shields' endpoint badge reads it (shields.io/badges/endpoint-badge).")
    record Shields(int schemaVersion, String label, String message, String color, int cacheSeconds) {}

    /**
     * An example of /api/info's answer: a fresh service's first call, sent straight to it (by a client that is no
     * crawler), on 2026-05-06.
     */
    static final Info INFO_EXAMPLE =
            new Info("UTC+8", "2026-05-06", "unknown", new SiteCounts(1, 1, 1L, 1L), new Counts(1, 1));
    /** An example of /api/info/history?days=2: a fresh service's first call, on 2026-05-06. */
    static final History HISTORY_EXAMPLE = new History(
            "UTC+8",
            1,
            List.of(
                    new DayCount("2026-05-05", 0, 0, 0, 0, 0, 0, 0, 0),
                    new DayCount("2026-05-06", 1, 0, 0, 1, 0, 0, 0, 1)));
    /** An example of /api/badge.json on a fresh service. */
    static final Shields SHIELDS_EXAMPLE = new Shields(1, "calls", "0", "blue", 300);

    /**
     * {@code /api/info}: the counts of the call that was just counted (or, from STATS_IGNORE, not), and the site's
     * visitors ({@code v} null: none kept).
     */
    public static void info(Context ctx, Report r, Counters.Visitors v) {
        Responses.json(
                ctx,
                new Info(
                        "UTC+8",
                        r.date().toString(),
                        r.user(),
                        new SiteCounts(
                                r.siteTotal(),
                                r.siteDaily(),
                                v == null ? null : v.kept(),
                                v == null ? null : v.today()),
                        new Counts(r.userTotal(), r.userDaily())));
    }

    void history(Context ctx, Query q) {
        if (kept == 0) {
            throw new NotFoundResponse("The history is off (STATS_HISTORY_DAYS=0): no calls per day are kept.");
        }
        int n = q.get(this.days);
        List<DayCount> days = counters.history(n);
        if (!q.get(CSV)) {
            Responses.json(ctx, new History("UTC+8", counters.visitors(n), days));
            return;
        }
        StringBuilder csv = new StringBuilder("date,site,holidays,pictures,info,other,bots,imported,visitors\r\n");
        for (DayCount d : days) {
            for (Object cell : new Object[] {
                d.date(), d.site(), d.holidays(), d.pictures(), d.info(), d.other(), d.bots(), d.imported()
            }) {
                csv.append(cell).append(',');
            }
            csv.append(d.visitors()).append("\r\n");
        }
        ctx.contentType("text/csv; charset=utf-8").result(csv.toString());
    }

    /**
     * The badge's label and message: the metric's number, after today's of the same kind with {@code today=show} (for a
     * metric of today, the number alone).
     */
    private String[] badge(Query q) {
        Metric metric = q.get(METRIC);
        if (metric.visitors() && kept == 0) {
            throw new NotFoundResponse("The history is off (STATS_HISTORY_DAYS=0): no visitors are kept.");
        }
        Counters.Summary summary = counters.summary();
        String label = q.get(LABEL);
        boolean bots = q.get(BOTS);
        String number = Long.toString(metric.of(summary, bots));
        Metric today = metric.today();
        String message = q.get(TODAY) && today != metric ? today.of(summary, bots) + " / " + number : number;
        return new String[] {label == null ? metric.label : label, message};
    }

    /**
     * A badge answer: never cached (GitHub's image proxy, camo, keeps a badge unless told; must-revalidate as GitHub
     * advises for it), and with an ETag of its bytes, so a cache that asks again with {@code If-None-Match} gets a
     * {@code 304} while the number stands.
     */
    private static void badge(Context ctx, String type, byte[] body) {
        String etag = Responses.etag(body);
        ctx.header("Cache-Control", "no-cache, no-store, max-age=0, must-revalidate")
                .header("ETag", etag);
        if (!Responses.notModified(ctx, etag, body.length)) {
            ctx.contentType(type).result(body);
        }
    }

    void badgeSvg(Context ctx, Query q) {
        String[] badge = badge(q);
        badge(ctx, "image/svg+xml; charset=utf-8", Svg.badge(badge[0], badge[1]).getBytes(StandardCharsets.UTF_8));
    }

    void badgeJson(Context ctx, Query q) {
        String[] badge = badge(q);
        badge(ctx, Responses.JSON, Responses.bytes(new Shields(1, badge[0], badge[1], "blue", 300)));
    }

    /**
     * The last 30 days as the landing page's chart, from the first day with a call (a week at least: a fresh install
     * shows seven days, not one bar at the far right of thirty); a sentence when the history is off.
     */
    String chart() {
        return kept == 0
                ? "<p class=\"note\">STATS_HISTORY_DAYS=0: 不保留每日调用 <span class=\"en\">no calls per day are "
                        + "kept</span></p>"
                : Svg.chart(Svg.sinceFirstCall(counters.history(Math.min(30, kept)), 7));
    }
}
