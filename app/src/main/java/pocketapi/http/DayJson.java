package pocketapi.http;

import java.time.LocalDate;
import java.util.concurrent.atomic.AtomicReferenceArray;

import pocketapi.holiday.Break;
import pocketapi.holiday.Day;
import pocketapi.holiday.HolidayCalendar;
import pocketapi.holiday.LunarCalendar;
import pocketapi.util.Cache;

/**
 * The JSON day record of every covered date, as {@code /api/holidays} and {@code /api/holidays/range}
 * give it, and its detail record ({@code /api/holidays/detail}), each rendered on first request and
 * kept, for the {@value #CALENDARS} calendars asked for last (the official one and those of week
 * rules or named calendars; the whole range is ~2,600 small records each). Thread-safe: a race only
 * renders the same bytes twice.
 */
final class DayJson {
    static final int CALENDARS = 3;

    private record Rendered(AtomicReferenceArray<byte[]> json, AtomicReferenceArray<byte[]> detail) {
        Rendered(HolidayCalendar calendar) {
            this(new AtomicReferenceArray<>(calendar.days().size()), new AtomicReferenceArray<>(calendar.days().size()));
        }
    }

    private final Cache<HolidayCalendar, Rendered> rendered = new Cache<>(CALENDARS);

    /** The record of a covered date of {@code calendar}. */
    byte[] of(HolidayCalendar calendar, LocalDate date) {
        return cached(rendered.get(calendar, Rendered::new).json(), calendar, date, false);
    }

    /** The detail record of a covered date of {@code calendar}. */
    byte[] detail(HolidayCalendar calendar, LocalDate date) {
        return cached(rendered.get(calendar, Rendered::new).detail(), calendar, date, true);
    }

    private static byte[] cached(AtomicReferenceArray<byte[]> bodies, HolidayCalendar calendar, LocalDate date,
                                 boolean detail) {
        int i = calendar.index(date);
        byte[] body = bodies.get(i);
        if (body == null) {
            Day day = calendar.classify(date);
            body = detail ? renderDetail(day, calendar.official().classify(date)) : render(day);
            bodies.set(i, body);
        }
        return body;
    }

    /** The JSON day record, fields in the order the README shows ("The JSON record always has the fields ..."). */
    static byte[] render(Day d) {
        return record(d).bytes();
    }

    private static JsonObject record(Day d) {
        return new JsonObject()
                .put("date", d.date().toString())
                .put("year", d.date().getYear())
                .put("month", d.date().getMonthValue())
                .put("day", d.date().getDayOfMonth())
                .put("status", d.status().wire())
                .put("isHoliday", d.status().wire().equals("ture"))
                .put("isWorkday", d.status().wire().equals("worker"))
                .put("name", d.name());
    }

    /**
     * The detail record: the day record's eight fields, then what the day is to a person (README,
     * "What a day is"); the law's facts (statutory, wage, trading day) from the official day.
     */
    static byte[] renderDetail(Day d, Day law) {
        JsonObject json = record(d)
                .put("weekday", d.date().getDayOfWeek().getValue())
                .put("working", d.working())
                .put("kind", d.status().kind())
                .put("statutory", law.statutory())
                .put("wage", law.status().wage())
                .put("tradingDay", law.tradingDay());
        Break b = d.brk();
        json.put("break", b == null ? null : new JsonObject().put("name", b.name()).put("first", b.start().toString())
                .put("last", b.end().toString()).put("days", b.days()));
        LunarCalendar lunar = LunarCalendar.get();
        if (LunarCalendar.covers(d.date())) {
            LunarCalendar.LunarDate l = lunar.lunar(d.date());
            json.put("lunar", new JsonObject().put("year", l.year()).put("month", l.month()).put("day", l.day())
                    .put("leap", l.leap()).put("text", l.text()));
            json.put("solarTerm", lunar.solarTerm(d.date()).orElse(null));
        } else {
            json.put("lunar", (JsonObject) null);
            json.put("solarTerm", (String) null);
        }
        return json.bytes();
    }
}
