package pocketapi.http;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;

import io.javalin.http.Context;
import pocketapi.holiday.Break;
import pocketapi.holiday.HolidayCalendar;
import pocketapi.holiday.Schedule;

/**
 * The planning endpoints: a year's arrangement ({@code /api/holidays/year}), the break under way
 * or next ({@code /api/holidays/next}) and a calendar feed to subscribe to
 * ({@code /api/holidays.ics}). Each request reads the live calendar once. Thread-safe.
 */
final class PlanningEndpoints {
    private final CalendarChoice calendars;
    /** The feeds rendered from the calendar being served, by years and variant (calendar apps poll the same URLs). */
    private final AtomicReference<Feeds> feeds = new AtomicReference<>();
    private static final int MAX_FEEDS = 64;

    /** @param schedule compared by identity: one object per week rule, per named calendar's version */
    private record FeedKey(int from, int to, IcsFeed.Variant variant, Schedule schedule) {
    }

    private record Feed(byte[] body, String etag) {
    }

    private record Feeds(HolidayCalendar calendar, Map<FeedKey, Feed> byKey) {
    }

    PlanningEndpoints(CalendarChoice calendars) {
        this.calendars = calendars;
    }

    /**
     * {@code {"year":2026,"breaks":[{"name":..,"start":..,"end":..,"days":..,"makeUpDays":[..],
     * "statutory":[..],"inLieu":[..]}, ...]}}.
     */
    void year(Context ctx) {
        HolidayCalendar calendar = calendars.choose(ctx);
        int year = HolidayQuery.year(Query.firstValues(ctx.queryString(), "y")[0], calendar);
        List<JsonObject> breaks = new ArrayList<>();
        for (Break b : calendar.arrangement(year)) {
            breaks.add(new JsonObject().put("name", b.name()).put("start", b.start().toString())
                    .put("end", b.end().toString()).put("days", b.days())
                    .putStrings("makeUpDays", b.makeUpDays().stream().map(LocalDate::toString).toList())
                    .putStrings("statutory", b.statutory().stream().map(LocalDate::toString).toList())
                    .putStrings("inLieu", b.inLieu().stream().map(LocalDate::toString).toList()));
        }
        Responses.json(ctx, new JsonObject().put("year", year).putObjects("breaks", breaks).bytes());
    }

    /** {@code {"date":..,"name":..,"start":..,"end":..,"days":..,"daysUntil":..}}, or 404 when the data holds no later break. */
    void next(Context ctx) {
        HolidayCalendar calendar = calendars.choose(ctx);
        String[] q = Query.firstValues(ctx.queryString(), "y", "m", "d", "offset", "date");
        LocalDate date = HolidayQuery.date(q[0], q[1], q[2], q[4], q[3], calendar);
        Break b = calendar.breakOnOrAfter(date).orElseThrow(() -> {
            int next = calendar.last().getYear() + 1;
            return new ApiError(404, "no break on or after " + date + " in the holiday data, which ends on "
                    + calendar.last() + " (" + next + "'s arrangement is "
                    + Objects.requireNonNullElse(HolidayQuery.standing(next, calendar), "not in the data yet") + ")");
        });
        long until = Math.max(0, ChronoUnit.DAYS.between(date, b.start()));
        Responses.json(ctx, new JsonObject().put("date", date.toString()).put("name", b.name())
                .put("start", b.start().toString()).put("end", b.end().toString()).put("days", b.days())
                .put("daysUntil", until).bytes());
    }

    /**
     * The calendar feed: {@code y} limits it to one notice; without it, the previous year, this year
     * and every later year of the data. {@code only=off|work}, {@code remind=HH:MM} and
     * {@code lang=en} choose a {@link IcsFeed.Variant}. Answers 304 to an {@code If-None-Match}
     * that holds its ETag.
     */
    void ics(Context ctx) {
        HolidayCalendar calendar = calendars.choose(ctx);
        String[] q = Query.firstValues(ctx.queryString(), "y", "only", "remind", "lang");
        int from;
        int to;
        if (q[0] != null) {
            from = HolidayQuery.year(q[0], calendar);
            to = from;
        } else {
            from = Math.max(calendar.today().getYear() - 1, calendar.years().firstKey());
            to = calendar.years().lastKey();
        }
        Feed feed = feed(calendar, from, to, variant(q[1], q[2], q[3]));
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

    /** {@code only}, {@code remind} and {@code lang} as a feed variant; 400 for anything else. */
    static IcsFeed.Variant variant(String only, String remind, String lang) {
        IcsFeed.Only events = switch (only == null ? "" : only) {
            case "" -> IcsFeed.Only.ALL;
            case "off" -> IcsFeed.Only.OFF;
            case "work" -> IcsFeed.Only.WORK;
            default -> throw new ApiError(400, "only=" + HolidayQuery.cut(only) + " is not accepted; only must be off "
                    + "(days off only) or work (make-up working days only), or left out for both");
        };
        int minutes = -1;
        if (remind != null) {
            if (!remind.matches("([01][0-9]|2[0-3]):[0-5][0-9]")) {
                throw new ApiError(400, "remind=" + HolidayQuery.cut(remind) + " is not accepted; remind must be a time "
                        + "HH:MM, 00:00 to 23:59: before 12:00 that morning (remind=07:00), from 12:00 the evening "
                        + "before (remind=20:00)");
            }
            minutes = Integer.parseInt(remind.substring(0, 2)) * 60 + Integer.parseInt(remind.substring(3));
        }
        boolean english = switch (lang == null ? "" : lang) {
            case "", "zh" -> false;
            case "en" -> true;
            default -> throw new ApiError(400, "lang=" + HolidayQuery.cut(lang) + " is not accepted; lang must be zh "
                    + "(the default) or en");
        };
        return new IcsFeed.Variant(events, minutes, english);
    }

    private Feed feed(HolidayCalendar calendar, int from, int to, IcsFeed.Variant variant) {
        FeedKey key = new FeedKey(from, to, variant, calendar.schedule());
        Feeds feeds = this.feeds.get();
        if (feeds == null || feeds.calendar() != calendar.official()) {
            feeds = new Feeds(calendar.official(), new ConcurrentHashMap<>());
            this.feeds.set(feeds);
        }
        Feed feed = feeds.byKey().get(key);
        if (feed != null) {
            return feed;
        }
        List<Break> breaks = calendar.breaks().stream().filter(b -> b.year() >= from && b.year() <= to).toList();
        Schedule schedule = calendar.schedule();
        byte[] body = IcsFeed.render(breaks, from == to ? Integer.toString(from) : from + "–" + to, variant,
                schedule.official() ? "" : schedule.tag(), schedule.official() ? "" : schedule.toString());
        feed = new Feed(body, etag(body));
        if (feeds.byKey().size() >= MAX_FEEDS) {
            feeds.byKey().clear();  // a handful of variants are ever asked for; this only bounds a crawler
        }
        feeds.byKey().put(key, feed);
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
