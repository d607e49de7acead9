package pocketapi.holidays;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.time.LocalDate;
import java.util.concurrent.atomic.AtomicReferenceArray;
import pocketapi.common.Cache;
import pocketapi.web.Responses;

/**
 * The JSON day record of every covered date, as {@code /api/holidays} and {@code /api/holidays/range} give it, and its
 * detail record ({@code /api/holidays/detail}), each rendered on first request and kept, for the {@value #CALENDARS}
 * calendars asked for last (the official one and those of week rules or named calendars; the whole range is ~2,600
 * small records each). Thread-safe: a race only renders the same bytes twice.
 */
public final class DayJson {
    static final int CALENDARS = 3;

    private record Rendered(AtomicReferenceArray<byte[]> json, AtomicReferenceArray<byte[]> detail) {
        Rendered(HolidayCalendar calendar) {
            this(
                    new AtomicReferenceArray<>(calendar.days().size()),
                    new AtomicReferenceArray<>(calendar.days().size()));
        }
    }

    private final Cache<HolidayCalendar, Rendered> rendered = new Cache<>(CALENDARS);

    /** The record of a covered date of {@code calendar}. */
    byte[] of(HolidayCalendar calendar, LocalDate date) {
        return cached(rendered.get(calendar, Rendered::new).json(), calendar, date, false);
    }

    /** The detail record of a covered date of {@code calendar}. */
    public byte[] detail(HolidayCalendar calendar, LocalDate date) {
        return cached(rendered.get(calendar, Rendered::new).detail(), calendar, date, true);
    }

    private static byte[] cached(
            AtomicReferenceArray<byte[]> bodies, HolidayCalendar calendar, LocalDate date, boolean detail) {
        int i = calendar.index(date);
        byte[] body = bodies.get(i);
        if (body == null) {
            Day day = calendar.classify(date);
            body = detail ? renderDetail(day, calendar.official().classify(date), calendar.region()) : render(day);
            bodies.set(i, body);
        }
        return body;
    }

    /**
     * The JSON day record, fields in the order docs/holidays.md shows ("The JSON record always has the fields ...").
     */
    record Record(
            String date,
            int year,
            int month,
            int day,
            String status,
            Boolean isHoliday,
            Boolean isWorkday,
            String name) {
        static Record of(Day d) {
            String status = d.status().wire();
            return new Record(
                    d.date().toString(),
                    d.date().getYear(),
                    d.date().getMonthValue(),
                    d.date().getDayOfMonth(),
                    status,
                    status.equals("ture"),
                    status.equals("worker"),
                    d.name());
        }
    }

    /**
     * The detail record: the day record's eight fields, then what the day is to a person (docs, "What a day is"); for a
     * date outside the holiday data, {@code holidayData} says why the holiday fields are null.
     */
    @JsonPropertyOrder({"date", "year", "month", "day", "status", "isHoliday", "isWorkday", "name"})
    record Detail(
            @JsonUnwrapped Record record,
            int weekday,
            Boolean working,
            String kind,
            Boolean statutory,
            Law.GroupHoliday groupHoliday,
            Integer wage,
            Boolean tradingDay,
            @JsonProperty("break") Span brk,
            Lunar lunar,
            String solarTerm,
            @JsonInclude(JsonInclude.Include.NON_NULL) String holidayData) {}

    /** A break as the detail record names it. */
    record Span(String name, String first, String last, int days) {}

    /** A lunar date as the detail record gives it. */
    record Lunar(int year, int month, int day, boolean leap, String text) {}

    /**
     * The record of a date of the lunar table outside the holiday data: status {@code unknown}, the holiday fields
     * null, with what the region's law says of it ({@link Region#beyond}: its holiday and whether it is statutory);
     * with {@code detail}, its weekday, lunar date and solar term, and {@code standing}: why the holiday fields are
     * unknown.
     */
    static byte[] unknown(LocalDate date, boolean detail, String standing, Region region) {
        LunarCalendar lunar = LunarCalendar.get();
        Region.Beyond law = region.beyond(date);
        Record u = new Record(
                date.toString(),
                date.getYear(),
                date.getMonthValue(),
                date.getDayOfMonth(),
                "unknown",
                null,
                null,
                law.name());
        if (!detail) {
            return Responses.bytes(u);
        }
        LunarCalendar.LunarDate l = lunar.lunar(date);
        return Responses.bytes(new Detail(
                u,
                date.getDayOfWeek().getValue(),
                null,
                "unknown",
                law.statutory(),
                region.groupHoliday(date),
                law.wage(),
                null,
                null,
                new Lunar(l.year(), l.month(), l.day(), l.leap(), l.text()),
                lunar.solarTerm(date).orElse(null),
                standing));
    }

    static byte[] render(Day d) {
        return Responses.bytes(Record.of(d));
    }

    /**
     * The law's facts come from the official day: {@code statutory} by the region's law, {@code groupHoliday},
     * {@code wage} and {@code tradingDay} where the region knows them (the mainland's holiday law, Labour Law and
     * exchanges); else null.
     */
    static byte[] renderDetail(Day d, Day law, Region region) {
        Break b = d.brk();
        LunarCalendar lunar = LunarCalendar.get();
        LunarCalendar.LunarDate l = LunarCalendar.covers(d.date()) ? lunar.lunar(d.date()) : null;
        return Responses.bytes(new Detail(
                Record.of(d),
                d.date().getDayOfWeek().getValue(),
                d.working(),
                d.status().kind(),
                law.statutory(),
                region.groupHoliday(d.date()),
                region.wage(law),
                region.tradingDay(law),
                b == null
                        ? null
                        : new Span(b.name(), b.start().toString(), b.end().toString(), b.days()),
                l == null ? null : new Lunar(l.year(), l.month(), l.day(), l.leap(), l.text()),
                l == null ? null : lunar.solarTerm(d.date()).orElse(null),
                null));
    }
}
