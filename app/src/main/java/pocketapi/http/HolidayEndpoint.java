package pocketapi.http;

import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.concurrent.atomic.AtomicReferenceArray;

import io.javalin.http.Context;
import pocketapi.holiday.Alarm;
import pocketapi.holiday.Day;
import pocketapi.holiday.DayStatus;
import pocketapi.holiday.HolidayCalendar;

/**
 * {@code GET /api/holidays}: the JSON day record, or {@code type=pithy} / {@code type=alarm} text.
 * Each day's JSON is rendered once, on its first request, and kept (the whole range is ~2,600 small
 * records; rendering them all up front would cost start-up time for days nobody asks about).
 */
final class HolidayEndpoint {
    private final HolidayCalendar calendar;
    // Filled on first use (volatile semantics, so another thread sees the bytes whole); a race only
    // renders the same bytes twice.
    private final AtomicReferenceArray<byte[]> json;
    private final byte[][] pithy;
    private final byte[][] alarm;

    /** The day record of spec §2.1, fields in the contract's order. */
    static byte[] dayRecord(Day d) {
        return new JsonObject()
                .put("date", d.date().toString())
                .put("year", d.date().getYear())
                .put("month", d.date().getMonthValue())
                .put("day", d.date().getDayOfMonth())
                .put("status", d.status().wire())
                .put("isHoliday", d.status() == DayStatus.TURE)
                .put("isWorkday", d.status() == DayStatus.WORKER)
                .put("name", d.name())
                .bytes();
    }

    HolidayEndpoint(HolidayCalendar calendar) {
        this.calendar = calendar;
        json = new AtomicReferenceArray<>(calendar.days().size());
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
        String[] q = Query.firstValues(ctx.queryString(), "y", "m", "d", "type");
        LocalDate date = HolidayQuery.date(q[0], q[1], q[2], calendar);
        Day day = calendar.classify(date);
        String type = q[3];
        if ("pithy".equals(type)) {
            Responses.text(ctx, pithy[day.status().ordinal()]);
        } else if ("alarm".equals(type)) {
            Responses.text(ctx, alarm[day.alarm().ordinal()]);
        } else {
            int i = (int) (date.toEpochDay() - calendar.first().toEpochDay());
            byte[] body = json.get(i);
            if (body == null) {
                body = dayRecord(day);
                json.set(i, body);
            }
            Responses.json(ctx, body);
        }
    }
}
