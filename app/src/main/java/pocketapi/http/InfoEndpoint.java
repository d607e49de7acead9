package pocketapi.http;

import io.javalin.http.Context;
import pocketapi.stats.Counters.Report;

/**
 * {@code GET /api/info}: the statistics record (README, "GET /api/info"). The numbers were taken when the call
 * was counted, just before this handler ran, so they include the call itself.
 */
final class InfoEndpoint {
    private InfoEndpoint() {
    }

    static void handle(Context ctx, Report r) {
        Responses.json(ctx, new JsonObject()
                .put("timezone", "UTC+8")
                .put("date", r.date().toString())
                .put("requestUser", r.user())
                .put("site", counts(r.siteTotal(), r.siteDaily()))
                .put("requestUserStats", counts(r.userTotal(), r.userDaily()))
                .bytes());
    }

    private static JsonObject counts(long total, long daily) {
        return new JsonObject().put("totalRequests", total).put("dailyRequests", daily);
    }
}
