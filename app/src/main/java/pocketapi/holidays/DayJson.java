package pocketapi.holidays;

import com.fasterxml.jackson.annotation.JsonClassDescription;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.time.LocalDate;
import java.util.concurrent.atomic.AtomicReferenceArray;
import pocketapi.common.Cache;
import pocketapi.web.Nullable;
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
     * A day's answer, as {@code /api/holidays/range} lists them: the day record, or with {@code detail=true} the
     * detail.
     */
    @JsonClassDescription("A day: its record, or its detail record (detail=true).")
    sealed interface DayAnswer permits DayRecord, Detail {}

    /**
     * The JSON day record, fields in the order docs/holidays.md shows ("The JSON record always has the fields ...");
     * {@code forecast} is never set here: {@link DayRoutes.Asked#marked} adds it to the bytes kept.
     */
    @JsonClassDescription("A day as /api/holidays answers it: the original service's record.")
    record DayRecord(
            @JsonPropertyDescription("The date, YYYY-MM-DD.")
            String date,

            int year,
            int month,
            int day,

            @JsonPropertyDescription(
                    "ture: a day off (holiday, weekend, or a day of a break); flase: an ordinary working day; "
                            + "worker: a make-up working day (a weekend day worked); unknown: outside the "
                            + "holiday data (the lunar table's years, on /detail and /range).")
            String status,

            @JsonPropertyDescription("status is ture; null when unknown.") @Nullable
            Boolean isHoliday,

            @JsonPropertyDescription("status is worker; null when unknown.") @Nullable
            Boolean isWorkday,

            @JsonPropertyDescription("The festival or break's name (国庆节), or what the law names the day beyond the "
                    + "data; null for an ordinary day.")
            @Nullable
            String name,

            @JsonPropertyDescription("true: answered from the forecast of its year (forecast=1); absent otherwise.")
            @JsonInclude(JsonInclude.Include.NON_NULL)
            Boolean forecast)
            implements DayAnswer {
        static DayRecord of(Day d) {
            String status = d.status().wire();
            return new DayRecord(
                    d.date().toString(),
                    d.date().getYear(),
                    d.date().getMonthValue(),
                    d.date().getDayOfMonth(),
                    status,
                    status.equals("ture"),
                    status.equals("worker"),
                    d.name(),
                    null);
        }
    }

    /**
     * The detail record: the day record's eight fields, then what the day is to a person (docs, "What a day is"); for a
     * date outside the holiday data, {@code holidayData} says why the holiday fields are null.
     */
    @JsonPropertyOrder({"date", "year", "month", "day", "status", "isHoliday", "isWorkday", "name"})
    @JsonClassDescription(
            "A day as /api/holidays/detail answers it: the day record's fields, then what the day is to a "
                    + "person (docs: holidays.md, What a day is).")
    record Detail(
            @JsonUnwrapped DayRecord record,

            @JsonPropertyDescription("1 (Monday) to 7 (Sunday).")
            int weekday,

            @JsonPropertyDescription("Whether people work that day (type=alarm's work); null when unknown.") @Nullable
            Boolean working,

            @JsonPropertyDescription(
                    "What the day is: statutory, holiday, inLieu, substitute, extra, weekend, makeUp, workday, "
                            + "worked, ownDayOff, civilService, civilServiceAfternoon, or unknown (docs: holidays.md).")
            String kind,

            @JsonPropertyDescription("A statutory holiday by the region's law; null when not known.") @Nullable
            Boolean statutory,

            @JsonPropertyDescription("A day the law gives part of the population (妇女节 ...); else null.") @Nullable
            Law.GroupHoliday groupHoliday,

            @JsonPropertyDescription("The least pay for work that day, as a multiple of the wage, where a labour law "
                    + "says one (the mainland's); null otherwise.")
            @Nullable
            Integer wage,

            @JsonPropertyDescription("Whether the exchanges trade (the mainland's); null where not known.") @Nullable
            Boolean tradingDay,

            @JsonPropertyDescription("The break the day is in; null for none.") @JsonProperty("break") @Nullable
            Span brk,

            @JsonPropertyDescription("The Chinese lunar date; null outside the lunar table (1901–2100).") @Nullable
            Lunar lunar,

            @JsonPropertyDescription("The solar term that starts that day (清明); null for none.") @Nullable
            String solarTerm,

            @JsonPropertyDescription("For a date outside the holiday data: why its holiday fields are null.")
            @JsonInclude(JsonInclude.Include.NON_NULL)
            String holidayData)
            implements DayAnswer {}

    /** A break as the detail record names it. */
    @JsonClassDescription("A break: its name, first and last day (YYYY-MM-DD) and length.")
    record Span(String name, String first, String last, int days) {}

    /** A lunar date as the detail record gives it. */
    @JsonClassDescription("A Chinese lunar date: year, month (leap: a leap month), day, and as text (八月廿一).")
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
        DayRecord u = new DayRecord(
                date.toString(),
                date.getYear(),
                date.getMonthValue(),
                date.getDayOfMonth(),
                "unknown",
                null,
                null,
                law.name(),
                null);
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
        return Responses.bytes(DayRecord.of(d));
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
                DayRecord.of(d),
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
