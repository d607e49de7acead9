package pocketapi.regions;

import java.net.URI;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import pocketapi.config.Setting;
import pocketapi.holidays.LunarCalendar;
import pocketapi.holidays.YearLaw;

/**
 * Hong Kong's general holidays of a year by the General Holidays Ordinance (Cap. 149) alone, named by festival as the
 * built-in data names them: 1 January; 農曆年初一 to 初三; 清明 (the solar term); Good Friday, the day after and Easter Monday;
 * 1 May; 佛誕 (四月初八); 端午 (五月初五); 1 July; the day after 中秋 (八月十六); 1 October; 重陽 (九月初九); Christmas Day and the first
 * weekday after it. Every Sunday is a general holiday too, so a holiday that falls on a Sunday, or on a day another
 * holiday already holds, moves to the next day that is neither (that is how 農曆年初四, 清明節翌日, 復活節星期一翌日 and 聖誕節後第二個周日 come
 * about). One-off days the government adds are not in it.
 *
 * <p>And the statutory holidays of the Employment Ordinance (Cap. 57, s. 39) as in force that year
 * ({@link #statutory}): 1 January; 農曆年初一 to 初三, one of them on a Sunday giving 初四 in its stead; 清明; 1 May; 端午; 1 July;
 * the day after 中秋, on a Sunday giving the day after it; 1 October; 重陽; and as the Employment (Amendment) Ordinance
 * 2021 phases them in, 佛誕 from 2022, the first weekday after Christmas Day from 2024, Easter Monday from 2026, Good
 * Friday from 2028 and the day following Good Friday from 2030. Any other on a Sunday stays on its date (the Labour
 * Department's yearly table lists it there; an employee whose rest day it is gets the next day). Christmas and the
 * winter solstice are the employer's choice of one: neither is answered as statutory.
 *
 * <p>As a region ({@code region=hk}): its years built in ({@code regions/hk/}), later ones from 1823's list
 * ({@link #UPDATE_URL}), confirmed by the ordinance's rules. Immutable.
 */
public final class HongKong extends ListedRegion {
    public static final Setting<List<URI>> UPDATE_URL = Setting.of(
            "HK_UPDATE_URL",
            "https://www.1823.gov.hk/common/ical/tc.json,"
                    + "https://cdn.jsdelivr.net/gh/mathsgod/holiday-data/data/tc.json",
            "comma-separated URLs of Hong Kong's list of general holidays (1823.gov.hk's tc.json, or a "
                    + "mirror's), tried in "
                    + "order once region=hk has been asked for; a new year is confirmed by the General "
                    + "Holidays Ordinance's rules. "
                    + "off: Hong Kong's built-in years only",
            v -> v.urls("https://mirror.example.com/hk/tc.json"));

    /** Hong Kong in the list of regions: its setting, and how it is made from it. */
    static final Kind KIND = new Kind(List.of(UPDATE_URL), urls -> new HongKong(urls.of(UPDATE_URL)));

    /** How 1823's names of general holidays (農曆年初三, 清明節翌日 ...) name their festival in the data. */
    private static final String[][] FESTIVALS = {
        {"一月一日", "一月一日"},
        {"農曆年", "農曆新年"},
        {"清明節", "清明節"},
        {"耶穌受難節", "復活節"},
        {"復活節", "復活節"},
        {"勞動節", "勞動節"},
        {"佛誕", "佛誕"},
        {"端午節", "端午節"},
        {"香港特別行政區成立紀念日", "香港特別行政區成立紀念日"},
        {"中秋節", "中秋節"},
        {"國慶日", "國慶日"},
        {"重陽節", "重陽節"},
        {"聖誕節", "聖誕節"}
    };

    private static final Legend LEGEND =
            new Legend("休 公眾假期", "general holiday", "法定假日", "statutory holiday (Employment Ordinance)", "", "");

    /**
     * @param sources {@code HK_UPDATE_URL}: its list of general holidays, tried in order; none: the built-in years only
     */
    public HongKong(List<URI> sources) {
        super(
                sources,
                HolidayLists::json,
                new Published(
                        "general holidays", "1823.gov.hk", "香港政府一站通公布的", "the General Holidays Ordinance's rules"));
    }

    @Override
    public String code() {
        return "hk";
    }

    @Override
    public String english() {
        return "Hong Kong";
    }

    @Override
    public String chinese() {
        return "香港";
    }

    @Override
    public Legend legend() {
        return LEGEND;
    }

    /**
     * Its statutory holidays; a general holiday that stands in for one on a Sunday or on another's date is a
     * substitute.
     */
    @Override
    public YearLaw law(int year) {
        Set<LocalDate> moved = new TreeSet<>();
        for (Holiday h : holidays(year, LunarCalendar.get())) {
            if (!h.statutory() && !h.origin().equals(h.date())) {
                moved.add(h.date());
            }
        }
        return YearLaw.fixed(statutory(year, LunarCalendar.get()), moved, Map.of());
    }

    /** The general holidays the General Holidays Ordinance gives (2001 on). */
    @Override
    Map<LocalDate, String> rules(int year) {
        return generalHolidays(year, LunarCalendar.get());
    }

    @Override
    Set<LocalDate> statutory(int year) {
        return statutory(year, LunarCalendar.get());
    }

    /** Every day 1823's list names is a general holiday, named by its festival (a name of no festival as written). */
    @Override
    Map<LocalDate, String> daysOff(int year, Map<LocalDate, String> listed) {
        Map<LocalDate, String> general = new TreeMap<>();
        listed.forEach((d, name) -> {
            String festival = name;
            for (String[] f : FESTIVALS) {
                festival = name.startsWith(f[0]) ? f[1] : festival;
            }
            general.put(d, festival);
        });
        return general;
    }

    /**
     * One general holiday: where it falls, its festival, the day the ordinance gives it, and whether that date is a
     * statutory holiday of the Employment Ordinance.
     */
    public record Holiday(LocalDate date, String festival, LocalDate origin, boolean statutory) {}

    /** The general holidays of {@code year} other than the ordinary Sundays, by date, each named by its festival. */
    public static Map<LocalDate, String> generalHolidays(int year, LunarCalendar lunar) {
        Map<LocalDate, String> byDate = new TreeMap<>();
        holidays(year, lunar).forEach(h -> byDate.put(h.date(), h.festival()));
        return byDate;
    }

    /** The general holidays of {@code year}, in date order. */
    public static List<Holiday> holidays(int year, LunarCalendar lunar) {
        LocalDate easter = Easter.sunday(year);
        LocalDate christmas = LocalDate.of(year, 12, 25);
        List<Given> given = new ArrayList<>(List.of(
                new Given(LocalDate.of(year, 1, 1), "一月一日"),
                new Given(lunar.date(year, 1, 1), "農曆新年"),
                new Given(lunar.date(year, 1, 2), "農曆新年"),
                new Given(lunar.date(year, 1, 3), "農曆新年"),
                new Given(lunar.termDate(year, "清明"), "清明節"),
                new Given(easter.minusDays(2), "復活節"),
                new Given(easter.minusDays(1), "復活節"),
                new Given(easter.plusDays(1), "復活節"),
                new Given(LocalDate.of(year, 5, 1), "勞動節"),
                new Given(lunar.date(year, 4, 8), "佛誕"),
                new Given(lunar.date(year, 5, 5), "端午節"),
                new Given(LocalDate.of(year, 7, 1), "香港特別行政區成立紀念日"),
                new Given(lunar.date(year, 8, 16), "中秋節"),
                new Given(LocalDate.of(year, 10, 1), "國慶日"),
                new Given(lunar.date(year, 9, 9), "重陽節"),
                new Given(christmas, "聖誕節"),
                new Given(firstWeekdayAfterChristmas(year), "聖誕節")));
        given.sort((a, b) -> a.date().compareTo(b.date())); // stable: the list's order on one date
        if (christmas.getDayOfWeek() == DayOfWeek.SUNDAY) {
            // The first weekday after Christmas is a holiday of its own; Christmas on a Sunday moves past it.
            Collections.swap(given, given.size() - 1, given.size() - 2);
        }
        Set<LocalDate> statutory = statutory(year, lunar);
        Set<LocalDate> held = new TreeSet<>();
        List<Holiday> holidays = new ArrayList<>();
        for (Given g : given) {
            LocalDate d = g.date();
            while (d.getDayOfWeek() == DayOfWeek.SUNDAY || held.contains(d)) {
                d = d.plusDays(1);
            }
            held.add(d);
            holidays.add(new Holiday(d, g.festival(), g.date(), statutory.contains(d)));
        }
        holidays.sort((a, b) -> a.date().compareTo(b.date()));
        return holidays;
    }

    /** A day the General Holidays Ordinance gives, before it moves off a Sunday or another's date. */
    private record Given(LocalDate date, String festival) {}

    /**
     * The statutory holidays of {@code year} by the Employment Ordinance as in force that year (see the class comment),
     * where the Labour Department's table puts them: 2000 on.
     */
    public static Set<LocalDate> statutory(int year, LunarCalendar lunar) {
        Set<LocalDate> days = new TreeSet<>(List.of(
                LocalDate.of(year, 1, 1),
                lunar.termDate(year, "清明"),
                LocalDate.of(year, 5, 1),
                lunar.date(year, 5, 5),
                LocalDate.of(year, 7, 1),
                LocalDate.of(year, 10, 1),
                lunar.date(year, 9, 9)));
        LocalDate newYear = lunar.date(year, 1, 1);
        for (int i = 0; i < 3; i++) {
            LocalDate d = newYear.plusDays(i);
            days.add(d.getDayOfWeek() == DayOfWeek.SUNDAY ? newYear.plusDays(3) : d); // s. 39(2)(a): 初四 in its stead
        }
        LocalDate afterMidAutumn = lunar.date(year, 8, 16);
        days.add(afterMidAutumn.getDayOfWeek() == DayOfWeek.SUNDAY ? afterMidAutumn.plusDays(1) : afterMidAutumn);
        LocalDate easter = Easter.sunday(year);
        for (Phased p : List.of(
                new Phased(2022, lunar.date(year, 4, 8)),
                new Phased(2024, firstWeekdayAfterChristmas(year)),
                new Phased(2026, easter.plusDays(1)),
                new Phased(2028, easter.minusDays(2)),
                new Phased(2030, easter.minusDays(1)))) {
            if (year >= p.since()) {
                days.add(p.date());
            }
        }
        return days;
    }

    /** A statutory holiday the Employment (Amendment) Ordinance 2021 adds from a year on, and its date this year. */
    private record Phased(int since, LocalDate date) {}

    /** 26 December, or the 27th when the 26th is a Sunday. */
    private static LocalDate firstWeekdayAfterChristmas(int year) {
        LocalDate christmas = LocalDate.of(year, 12, 25);
        return christmas.plusDays(christmas.getDayOfWeek() == DayOfWeek.SATURDAY ? 2 : 1);
    }
}
