package pocketapi.holidays;

import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.Optional;
import pocketapi.files.Resources;

/**
 * The Chinese lunar calendar and the 24 solar terms, in UTC+8, from 1901 to 2100, as data: the resource
 * {@code lunar/lunar.txt} (generated once by {@code app/tools/lunar/generate.mjs} from lunar-javascript's astronomical
 * computation, and checked day by day against chinese-days' own table by a test). Each lunar year is its first day and
 * its months' lengths; each Gregorian year its 24 term days. A few kilobytes in memory. Immutable and thread-safe.
 */
public final class LunarCalendar {
    /** The first and last dates answered. */
    public static final LocalDate FIRST = LocalDate.of(1901, 1, 1);

    public static final LocalDate LAST = LocalDate.of(2100, 12, 31);
    private static final String[] TERMS = {
        "小寒", "大寒", "立春", "雨水", "惊蛰", "春分", "清明", "谷雨", "立夏", "小满", "芒种", "夏至", "小暑", "大暑", "立秋", "处暑", "白露", "秋分",
        "寒露", "霜降", "立冬", "小雪", "大雪", "冬至"
    };
    private static final String[] MONTHS = {"正", "二", "三", "四", "五", "六", "七", "八", "九", "十", "冬", "腊"};
    private static final String[] TENS = {"初", "十", "廿", "三"};
    private static final String[] UNITS = {"一", "二", "三", "四", "五", "六", "七", "八", "九", "十"};

    /** A lunar date. */
    public record LunarDate(int year, int month, int day, boolean leap) {
        /** As a calendar prints it: {@code 腊月廿九}, {@code 闰二月十五}, {@code 正月初一}. */
        public String text() {
            return (leap ? "闰" : "") + MONTHS[month - 1] + "月" + dayText(day);
        }
    }

    /** 初一 … 初十, 十一 … 二十, 廿一 … 廿九, 三十. */
    static String dayText(int day) {
        if (day == 10) {
            return "初十";
        }
        if (day == 20) {
            return "二十";
        }
        if (day == 30) {
            return "三十";
        }
        return TENS[day / 10] + UNITS[day % 10 - 1];
    }

    /** The line of each lunar year ("L 1901 1901-02-19 0 010010101110") and of each year's terms, by year - 1900. */
    private final String[] lunarYears = new String[LAST.getYear() - FIRST.getYear() + 2];

    private final String[] termYears = new String[LAST.getYear() - FIRST.getYear() + 2];

    /** Keeps the lines; each is read when a date of its year is asked for (start-up reads a handful). */
    LunarCalendar(String text) {
        for (String line : text.split("\n")) {
            if (line.startsWith("L ") || line.startsWith("T ")) {
                (line.charAt(0) == 'L' ? lunarYears : termYears)[Integer.parseInt(line.substring(2, 6)) - 1900] = line;
            }
        }
    }

    private static final LunarCalendar BUILT_IN = new LunarCalendar(new String(
            Resources.read("lunar/lunar.txt")
                    .orElseThrow(() -> new IllegalStateException("lunar/lunar.txt is missing from the jar")),
            StandardCharsets.UTF_8));

    /** The calendar shipped in the jar. */
    public static LunarCalendar get() {
        return BUILT_IN;
    }

    /** The first day of lunar year {@code year}'s first month. */
    private LocalDate newYear(int year) {
        return java.time.LocalDate.parse(lunarYears[year - 1900].substring(7, 17));
    }

    /**
     * The month of lunar year {@code year} that holds {@code day} (an epoch day), or with {@code month} above 0 that
     * month (not leap): {@code {first day, month, leap}}, or null.
     */
    private long[] month(int year, long day, int month) {
        String[] f = lunarYears[year - 1900].split(" ");
        long start = newYear(year).toEpochDay();
        int leapMonth = Integer.parseInt(f[3]);
        int number = 1;
        boolean leap = false;
        for (char c : f[4].toCharArray()) {
            long next = start + (c == '1' ? 30 : 29);
            if (month > 0 ? number == month && !leap : day < next) {
                return new long[] {start, number, leap ? 1 : 0};
            }
            start = next;
            leap = leapMonth == number && !leap;
            number += leap ? 0 : 1;
        }
        return null;
    }

    /** The day of the month of solar term {@code k} (0 = 小寒) of Gregorian {@code year}. */
    private int termDay(int year, int k) {
        String days = termYears[year - 1900];
        return (days.charAt(7 + 2 * k) - '0') * 10 + days.charAt(8 + 2 * k) - '0';
    }

    /** Whether {@code date} is within 1901-01-01 … 2100-12-31. */
    public static boolean covers(LocalDate date) {
        return !date.isBefore(FIRST) && !date.isAfter(LAST);
    }

    /** The lunar date of a covered Gregorian date. */
    public LunarDate lunar(LocalDate date) {
        check(date);
        int year = date.isBefore(newYear(date.getYear())) ? date.getYear() - 1 : date.getYear();
        long[] m = month(year, date.toEpochDay(), 0);
        return new LunarDate(year, (int) m[1], (int) (date.toEpochDay() - m[0]) + 1, m[2] == 1);
    }

    /** The solar term that falls on {@code date} (in UTC+8), if any: {@code 清明}, {@code 冬至} … */
    public Optional<String> solarTerm(LocalDate date) {
        check(date);
        for (int k = (date.getMonthValue() - 1) * 2; k < date.getMonthValue() * 2; k++) {
            if (termDay(date.getYear(), k) == date.getDayOfMonth()) {
                return Optional.of(TERMS[k]);
            }
        }
        return Optional.empty();
    }

    /** The day of the solar term {@code name} in Gregorian year {@code year}. */
    public LocalDate termDate(int year, String name) {
        int k = Arrays.asList(TERMS).indexOf(name);
        if (k < 0 || year < FIRST.getYear() || year > LAST.getYear()) {
            throw new IllegalArgumentException("no solar term " + name + " in " + year);
        }
        return LocalDate.of(year, k / 2 + 1, termDay(year, k));
    }

    /**
     * The Gregorian date of day {@code day} of the (not leap) month {@code month} of lunar year {@code year};
     * {@code month} 1 and {@code day} 0 is the day before 正月初一: 除夕.
     */
    public LocalDate date(int year, int month, int day) {
        long[] m = year >= FIRST.getYear() - 1 && year <= LAST.getYear() ? month(year, 0, month) : null;
        if (m == null) {
            throw new IllegalArgumentException("no lunar month " + month + " in " + year);
        }
        return LocalDate.ofEpochDay(m[0] + day - 1L);
    }

    private static void check(LocalDate date) {
        if (!covers(date)) {
            throw new IllegalArgumentException(date + " is outside " + FIRST + " .. " + LAST);
        }
    }
}
