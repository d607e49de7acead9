package pocketapi.http;

import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Supplier;

import io.javalin.http.Context;
import pocketapi.holiday.Alarm;
import pocketapi.holiday.Day;
import pocketapi.holiday.DayStatus;
import pocketapi.holiday.HolidayCalendar;

/**
 * {@code GET /api/holidays}: the JSON day record, or {@code type=pithy} / {@code type=alarm} text.
 * Each request reads the live calendar once and answers from that one calendar only. Each day's
 * JSON is rendered once per calendar, on its first request, and kept (the whole range is ~2,600
 * small records; rendering them all up front would cost time for days nobody asks about).
 */
final class HolidayEndpoint {
    private final Supplier<HolidayCalendar> calendars;
    private volatile Rendered rendered;
    private final byte[][] pithy;
    private final byte[][] alarm;

    /** The JSON day record, fields in the order the README shows ("The JSON record always has the fields ..."). */
    static byte[] dayRecord(Day d) {
        return new JsonObject()
                .put("date", d.date().toString())
                .put("year", d.date().getYear())
                .put("month", d.date().getMonthValue())
                .put("day", d.date().getDayOfMonth())
                .put("status", d.status().wire())
                .put("isHoliday", d.status() == DayStatus.DAY_OFF)
                .put("isWorkday", d.status() == DayStatus.MAKE_UP_WORKDAY)
                .put("name", d.name())
                .bytes();
    }

    /**
     * The JSON records of one calendar, filled on first use (volatile semantics, so another thread
     * sees the bytes whole); a race only renders the same bytes twice.
     */
    private record Rendered(HolidayCalendar calendar, AtomicReferenceArray<byte[]> json) {
        Rendered(HolidayCalendar calendar) {
            this(calendar, new AtomicReferenceArray<>(calendar.days().size()));
        }
    }

    HolidayEndpoint(Supplier<HolidayCalendar> calendars) {
        this.calendars = calendars;
        this.rendered = new Rendered(calendars.get());
        pithy = new byte[DayStatus.values().length][];
        for (DayStatus status : DayStatus.values()) {
            pithy[status.ordinal()] = status.wire().getBytes(StandardCharsets.US_ASCII);
        }
        alarm = new byte[Alarm.values().length][];
        for (Alarm a : Alarm.values()) {
            alarm[a.ordinal()] = a.wire().getBytes(StandardCharsets.US_ASCII);
        }
    }

    void handle(Context ctx) {
        HolidayCalendar calendar = calendars.get();
        String[] q = Query.firstValues(ctx.queryString(), "y", "m", "d", "type");
        LocalDate date = HolidayQuery.date(q[0], q[1], q[2], calendar);
        Day day = calendar.classify(date);
        String type = q[3];
        if ("pithy".equals(type)) {
            Responses.text(ctx, pithy[day.status().ordinal()]);
        } else if ("alarm".equals(type)) {
            Responses.text(ctx, alarm[day.alarm().ordinal()]);
        } else {
            Rendered r = rendered;
            if (r.calendar() != calendar) {
                r = new Rendered(calendar);
                rendered = r;
            }
            int i = calendar.index(date);
            byte[] body = r.json().get(i);
            if (body == null) {
                body = dayRecord(day);
                r.json().set(i, body);
            }
            Responses.json(ctx, body);
        }
    }
}
