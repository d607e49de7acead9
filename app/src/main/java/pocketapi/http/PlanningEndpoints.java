package pocketapi.http;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

import io.javalin.http.Context;
import pocketapi.holiday.Break;
import pocketapi.holiday.HolidayCalendar;

/**
 * The planning endpoints: a year's arrangement ({@code /api/holidays/year}), the break under way
 * or next ({@code /api/holidays/next}) and a calendar feed to subscribe to
 * ({@code /api/holidays.ics}). Each request reads the live calendar once. Thread-safe.
 */
final class PlanningEndpoints {
    private final Supplier<HolidayCalendar> calendars;
    /** The last feed rendered: calendar apps poll the same URL, so one entry is enough. */
    private final AtomicReference<Feed> lastFeed = new AtomicReference<>();

    private record Feed(HolidayCalendar calendar, int from, int to, byte[] body, String etag) {
    }

    PlanningEndpoints(Supplier<HolidayCalendar> calendars) {
        this.calendars = calendars;
    }

    /** {@code {"year":2026,"breaks":[{"name":..,"start":..,"end":..,"days":..,"makeUpDays":[..]}, ...]}}. */
    void year(Context ctx) {
        HolidayCalendar calendar = calendars.get();
        int year = HolidayQuery.year(Query.firstValues(ctx.queryString(), "y")[0], calendar);
        List<JsonObject> breaks = new ArrayList<>();
        for (Break b : calendar.arrangement(year)) {
            breaks.add(new JsonObject().put("name", b.name()).put("start", b.start().toString())
                    .put("end", b.end().toString()).put("days", b.days())
                    .putStrings("makeUpDays", b.makeUpDays().stream().map(LocalDate::toString).toList()));
        }
        Responses.json(ctx, new JsonObject().put("year", year).putObjects("breaks", breaks).bytes());
    }

    /** {@code {"date":..,"name":..,"start":..,"end":..,"days":..,"daysUntil":..}}, or 404 when the data holds no later break. */
    void next(Context ctx) {
        HolidayCalendar calendar = calendars.get();
        String[] q = Query.firstValues(ctx.queryString(), "y", "m", "d");
        LocalDate date = HolidayQuery.date(q[0], q[1], q[2], calendar);
        Break b = calendar.breakOnOrAfter(date).orElseThrow(() -> {
            int next = calendar.last().getYear() + 1;
            return new ApiError(404, "no break on or after " + date + " in the holiday data, which ends on "
                    + calendar.last() + " (" + next + "'s arrangement is "
                    + (calendar.notPublished(next) ? "not published yet" : "not in the data yet") + ")");
        });
        long until = Math.max(0, ChronoUnit.DAYS.between(date, b.start()));
        Responses.json(ctx, new JsonObject().put("date", date.toString()).put("name", b.name())
                .put("start", b.start().toString()).put("end", b.end().toString()).put("days", b.days())
                .put("daysUntil", until).bytes());
    }

    /**
     * The calendar feed: {@code y} limits it to one notice; without it, the previous year, this year
     * and every later year of the data. Answers 304 to an {@code If-None-Match} that holds its ETag.
     */
    void ics(Context ctx) {
        HolidayCalendar calendar = calendars.get();
        String y = Query.firstValues(ctx.queryString(), "y")[0];
        int from;
        int to;
        if (y != null) {
            from = HolidayQuery.year(y, calendar);
            to = from;
        } else {
            from = Math.max(calendar.today().getYear() - 1, calendar.years().firstKey());
            to = calendar.years().lastKey();
        }
        Feed feed = feed(calendar, from, to);
        ctx.header("ETag", feed.etag());
        ctx.header("Cache-Control", "public, max-age=3600");
        if (matches(ctx.header("If-None-Match"), feed.etag())) {
            // No body; a Content-Length on a 304 must be the one a 200 would have (RFC 9110 §8.6).
            ctx.status(304).removeHeader("Content-Type");
            ctx.res().setContentLength(feed.body().length);
            return;
        }
        ctx.header("Content-Disposition", "inline; filename=\"pocketapi-holidays.ics\"");
        Responses.send(ctx, Responses.ICS_TYPE, feed.body());
    }

    private Feed feed(HolidayCalendar calendar, int from, int to) {
        Feed last = lastFeed.get();
        if (last != null && last.calendar() == calendar && last.from() == from && last.to() == to) {
            return last;
        }
        List<Break> breaks = calendar.breaks().stream().filter(b -> b.year() >= from && b.year() <= to).toList();
        String years = from == to ? Integer.toString(from) : from + "–" + to;
        byte[] body = IcsFeed.render(breaks, "国务院办公厅公布的" + years + "年放假安排（休）与调休上班日（班）。pocketapi");
        Feed feed = new Feed(calendar, from, to, body, etag(body));
        lastFeed.set(feed);
        return feed;
    }

    private static String etag(byte[] body) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(body);
            return "\"" + HexFormat.of().formatHex(hash, 0, 12) + "\"";
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** {@code If-None-Match}: {@code *} or a list of entity tags, compared weakly (RFC 9110 §13.1.2). */
    static boolean matches(String ifNoneMatch, String etag) {
        if (ifNoneMatch == null) {
            return false;
        }
        for (String tag : ifNoneMatch.split(",")) {
            String t = tag.strip();
            if (t.startsWith("W/")) {
                t = t.substring(2);
            }
            if (t.equals("*") || t.equals(etag)) {
                return true;
            }
        }
        return false;
    }
}
