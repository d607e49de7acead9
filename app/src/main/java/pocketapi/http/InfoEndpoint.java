package pocketapi.http;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import io.javalin.http.Context;
import pocketapi.stats.UsageCounters;

/**
 * {@code GET /api/info}: the statistics record of spec §2.5. The numbers were taken when the call
 * was counted, before this handler ran, so they include the call itself.
 */
final class InfoEndpoint {
    @JsonPropertyOrder({"timezone", "date", "requestUser", "site", "requestUserStats"})
    record InfoRecord(String timezone, String date, String requestUser, Counts site, Counts requestUserStats) {
    }

    @JsonPropertyOrder({"totalRequests", "dailyRequests"})
    record Counts(long totalRequests, long dailyRequests) {
    }

    private InfoEndpoint() {
    }

    static void handle(Context ctx) {
        UsageCounters.Report r = Counting.report(ctx);
        Responses.json(ctx, Responses.toJson(new InfoRecord("UTC+8", r.date().toString(), r.user(),
                new Counts(r.siteTotal(), r.siteDaily()), new Counts(r.userTotal(), r.userDaily()))));
    }
}
