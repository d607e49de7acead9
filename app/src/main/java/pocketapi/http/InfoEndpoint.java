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

    /** The statistics record, fields in the order of the specification. */
    record Info(String timezone, String date, String requestUser, Counts site, Counts requestUserStats) {
    }

    record Counts(long totalRequests, long dailyRequests) {
    }

    static void handle(Context ctx, Report r) {
        Responses.json(ctx, new Info("UTC+8", r.date().toString(), r.user(), new Counts(r.siteTotal(), r.siteDaily()),
                new Counts(r.userTotal(), r.userDaily())));
    }
}
