package pocketapi.http;

import java.nio.charset.StandardCharsets;
import java.time.LocalDate;

import io.javalin.http.Context;
import pocketapi.holiday.Day;
import pocketapi.holiday.DayStatus;
import pocketapi.holiday.HolidayCalendar;

/**
 * {@code GET /api/holidays}: the JSON day record, or {@code type=pithy} / {@code type=alarm} text,
 * of a date given by y/m/d (else today in UTC+8), moved by {@code offset} days; and
 * {@code GET /api/holidays/detail}: the record with what the day is to a person. Each request reads
 * the live calendar once and answers from that one calendar only ({@code week} or {@code calendar}
 * choose it, see {@link CalendarChoice}).
 */
final class HolidayEndpoint {
    private final CalendarChoice calendars;
    private final DayRecords records;
    private final byte[][] pithy;
    private static final byte[] WORK = "work".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] VACATION = "vacation".getBytes(StandardCharsets.US_ASCII);

    HolidayEndpoint(CalendarChoice calendars, DayRecords records) {
        this.calendars = calendars;
        this.records = records;
        pithy = new byte[DayStatus.values().length][];
        for (DayStatus status : DayStatus.values()) {
            pithy[status.ordinal()] = status.wire().getBytes(StandardCharsets.US_ASCII);
        }
    }

    void handle(Context ctx) {
        String[] q = Query.firstValues(ctx.queryString(), "y", "m", "d", "type", "offset", "week", "calendar", "date");
        HolidayCalendar calendar = calendars.choose(q[5], q[6]);
        LocalDate date = HolidayQuery.date(q[0], q[1], q[2], q[7], q[4], calendar);
        String type = q[3];
        if ("pithy".equals(type)) {
            Responses.text(ctx, pithy[calendar.classify(date).status().ordinal()]);
        } else if ("alarm".equals(type)) {
            Responses.text(ctx, alarm(calendar.classify(date)));
        } else {
            Responses.json(ctx, records.of(calendar, date));
        }
    }

    /** The alarm's answer: {@code work} exactly on working days. */
    static byte[] alarm(Day day) {
        return day.working() ? WORK : VACATION;
    }

    void detail(Context ctx) {
        String[] q = Query.firstValues(ctx.queryString(), "y", "m", "d", "offset", "week", "calendar", "date");
        HolidayCalendar calendar = calendars.choose(q[4], q[5]);
        LocalDate date = HolidayQuery.date(q[0], q[1], q[2], q[6], q[3], calendar);
        Responses.json(ctx, records.detail(calendar, date));
    }
}
