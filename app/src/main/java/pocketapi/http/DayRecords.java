package pocketapi.http;

import java.time.LocalDate;
import java.util.concurrent.atomic.AtomicReferenceArray;

import pocketapi.holiday.Day;
import pocketapi.holiday.DayStatus;
import pocketapi.holiday.HolidayCalendar;

/**
 * The JSON day record of every covered date, as {@code /api/holidays} and {@code /api/holidays/range}
 * give it, rendered once per calendar on first request and kept (the whole range is ~2,600 small
 * records; rendering them all up front would cost time for days nobody asks about). Thread-safe:
 * a race only renders the same bytes twice.
 */
final class DayRecords {
    private record Rendered(HolidayCalendar calendar, AtomicReferenceArray<byte[]> json) {
        Rendered(HolidayCalendar calendar) {
            this(calendar, new AtomicReferenceArray<>(calendar.days().size()));
        }
    }

    private volatile Rendered rendered;

    /** The record of a covered date of {@code calendar}. */
    byte[] of(HolidayCalendar calendar, LocalDate date) {
        Rendered r = rendered;
        if (r == null || r.calendar() != calendar) {
            r = new Rendered(calendar);
            rendered = r;
        }
        int i = calendar.index(date);
        byte[] body = r.json().get(i);
        if (body == null) {
            body = render(calendar.classify(date));
            r.json().set(i, body);
        }
        return body;
    }

    /** The JSON day record, fields in the order the README shows ("The JSON record always has the fields ..."). */
    static byte[] render(Day d) {
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
}
