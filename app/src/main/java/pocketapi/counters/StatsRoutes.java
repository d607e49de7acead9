package pocketapi.counters;

import com.fasterxml.jackson.annotation.JsonClassDescription;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.javalin.http.Context;
import io.javalin.http.NotFoundResponse;
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
    public static final Param<Boolean> CSV = new Param<>(
                    "format",
                    v -> switch (v) {
                        case "json" -> false;
                        case "csv" -> true;
                        default -> throw new IllegalArgumentException("must be json or csv");
                    },
                    false)
            .choices("json", "csv")
            .described("json (the default) or csv: a line per day, date,site,holidays,pictures,info,other.");
    public static final Param<Metric> METRIC = new Param<>(
                    "metric",
                    v -> switch (v) {
                        case "total" -> Metric.TOTAL;
                        case "today" -> Metric.TODAY;
                        case "days30" -> Metric.DAYS30;
                        default -> throw new IllegalArgumentException("must be total, today or days30");
                    },
                    Metric.TOTAL)
            .choices("total", "today", "days30")
            .described("The number shown: total (the default: every call), today (UTC+8) or days30 (the last 30 "
                    + "days).");
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
            .described("The badge's words, 1 to 40 characters; default: calls, calls today or calls 30 days.");
    /** What a badge shows, with the label it has unless {@code label=} names another. */
    enum Metric {
        TOTAL("calls"),
        TODAY("calls today"),
        DAYS30("calls 30 days");

        final String label;

        Metric(String label) {
            this.label = label;
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

            Counts site,
            Counts requestUserStats) {}

    @JsonClassDescription("Calls counted in all, and today (UTC+8).")
    record Counts(long totalRequests, long dailyRequests) {}

    @JsonClassDescription("The site's calls per UTC+8 day, oldest first, the last day today.")
    record History(String timezone, List<DayCount> days) {}

    /** The Shields endpoint schema (shields.io/badges/endpoint-badge). */
    @JsonClassDescription("A badge as Shields' endpoint badge reads it (shields.io/badges/endpoint-badge).")
    record Shields(int schemaVersion, String label, String message, String color, int cacheSeconds) {}

    /** An example of /api/info's answer: a fresh service's first call, sent straight to it, on 2026-05-06. */
    static final Info INFO_EXAMPLE = new Info("UTC+8", "2026-05-06", "unknown", new Counts(1, 1), new Counts(1, 1));
    /** An example of /api/info/history?days=2: a fresh service's first call, on 2026-05-06. */
    static final History HISTORY_EXAMPLE = new History(
            "UTC+8", List.of(new DayCount("2026-05-05", 0, 0, 0, 0, 0), new DayCount("2026-05-06", 1, 0, 0, 1, 0)));
    /** An example of /api/badge.json on a fresh service. */
    static final Shields SHIELDS_EXAMPLE = new Shields(1, "calls", "0", "blue", 300);

    /** {@code /api/info}: the counts of the call that was just counted (or, from STATS_IGNORE, not). */
    public static void info(Context ctx, Report r) {
        Responses.json(
                ctx,
                new Info(
                        "UTC+8",
                        r.date().toString(),
                        r.user(),
                        new Counts(r.siteTotal(), r.siteDaily()),
                        new Counts(r.userTotal(), r.userDaily())));
    }

    void history(Context ctx, Query q) {
        if (kept == 0) {
            throw new NotFoundResponse("The history is off (STATS_HISTORY_DAYS=0): no calls per day are kept.");
        }
        List<DayCount> days = counters.history(q.get(this.days));
        if (!q.get(CSV)) {
            Responses.json(ctx, new History("UTC+8", days));
            return;
        }
        StringBuilder csv = new StringBuilder("date,site,holidays,pictures,info,other\r\n");
        for (DayCount d : days) {
            csv.append(d.date())
                    .append(',')
                    .append(d.site())
                    .append(',')
                    .append(d.holidays())
                    .append(',')
                    .append(d.pictures())
                    .append(',')
                    .append(d.info())
                    .append(',')
                    .append(d.other())
                    .append("\r\n");
        }
        ctx.contentType("text/csv; charset=utf-8").result(csv.toString());
    }

    /** The badge's label and number. */
    private String[] badge(Query q) {
        Metric metric = q.get(METRIC);
        long[] site = counters.site();
        String label = q.get(LABEL);
        return new String[] {label == null ? metric.label : label, Long.toString(site[metric.ordinal()])};
    }

    void badgeSvg(Context ctx, Query q) {
        String[] badge = badge(q);
        ctx.header("Cache-Control", "no-cache, no-store, max-age=0")
                .contentType("image/svg+xml; charset=utf-8")
                .result(Svg.badge(badge[0], badge[1]));
    }

    void badgeJson(Context ctx, Query q) {
        String[] badge = badge(q);
        ctx.header("Cache-Control", "no-cache, no-store, max-age=0");
        Responses.json(ctx, new Shields(1, badge[0], badge[1], "blue", 300));
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
