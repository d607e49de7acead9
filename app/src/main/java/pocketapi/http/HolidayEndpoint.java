package pocketapi.http;

import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.function.Supplier;

import io.javalin.http.Context;
import pocketapi.holiday.Alarm;
import pocketapi.holiday.DayStatus;
import pocketapi.holiday.HolidayCalendar;

/**
 * {@code GET /api/holidays}: the JSON day record, or {@code type=pithy} / {@code type=alarm} text,
 * of a date given by y/m/d (else today in UTC+8), moved by {@code offset} days. Each request reads
 * the live calendar once and answers from that one calendar only.
 */
final class HolidayEndpoint {
    private final Supplier<HolidayCalendar> calendars;
    private final DayRecords records;
    private final byte[][] pithy;
    private final byte[][] alarm;

    HolidayEndpoint(Supplier<HolidayCalendar> calendars, DayRecords records) {
        this.calendars = calendars;
        this.records = records;
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
        String[] q = Query.firstValues(ctx.queryString(), "y", "m", "d", "type", "offset");
        LocalDate date = HolidayQuery.date(q[0], q[1], q[2], q[4], calendar);
        String type = q[3];
        if ("pithy".equals(type)) {
            Responses.text(ctx, pithy[calendar.classify(date).status().ordinal()]);
        } else if ("alarm".equals(type)) {
            Responses.text(ctx, alarm[calendar.classify(date).alarm().ordinal()]);
        } else {
            Responses.json(ctx, records.of(calendar, date));
        }
    }
}
