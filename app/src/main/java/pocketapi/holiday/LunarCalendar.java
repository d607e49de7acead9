package pocketapi.holiday;

import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

import pocketapi.util.IsoDate;
import pocketapi.util.Resources;

/**
 * The Chinese lunar calendar and the 24 solar terms, in UTC+8, from 1901 to 2100, as data: the
 * resource {@code lunar/lunar.txt} (generated once by {@code app/tools/lunar/generate.mjs} from
 * lunar-javascript's astronomical computation, and checked day by day against chinese-days' own
 * table by a test). Each lunar year is its first day and its months' lengths; each Gregorian year
 * its 24 term days. A few kilobytes in memory. Immutable and thread-safe.
 */
public final class LunarCalendar {
    /** The first and last dates answered. */
    public static final LocalDate FIRST = LocalDate.of(1901, 1, 1);
    public static final LocalDate LAST = LocalDate.of(2100, 12, 31);
    private static final String[] TERMS = {"小寒", "大寒", "立春", "雨水", "惊蛰", "春分", "清明", "谷雨", "立夏", "小满",
        "芒种", "夏至", "小暑", "大暑", "立秋", "处暑", "白露", "秋分", "寒露", "霜降", "立冬", "小雪", "大雪", "冬至"};
    private static final String[] MONTHS = {"正", "二", "三", "四", "五", "六", "七", "八", "九", "十", "冬", "腊"};
    private static final String[] TENS = {"初", "十", "廿", "三"};
    private static final String[] UNITS = {"一", "二", "三", "四", "五", "六", "七", "八", "九", "十"};

    /**
     * A lunar date.
     *
     * @param year  the lunar year (the Gregorian year its first month begins in)
     * @param month 1-12
     * @param leap  whether the month is the leap month repeating {@code month}
     */
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

    /** Every lunar month in order: its first day (epoch day), lunar year, month, leap. */
    private final int[] monthStart;
    private final short[] monthYear;
    private final byte[] monthNumber;
    private final boolean[] monthLeap;
    /** termDay[(year - 1901) * 24 + i]: the day of month of term i. */
    private final byte[] termDay;

    private LunarCalendar(int[] start, short[] year, byte[] number, boolean[] leap, byte[] termDay) {
        this.monthStart = start;
        this.monthYear = year;
        this.monthNumber = number;
        this.monthLeap = leap;
        this.termDay = termDay;
    }

    private static final LunarCalendar BUILT_IN = parse(new String(resource(), StandardCharsets.UTF_8));

    private static byte[] resource() {
        Optional<byte[]> bytes = Resources.read("lunar/lunar.txt");
        if (bytes.isEmpty()) {
            throw new IllegalStateException("lunar/lunar.txt is missing from the jar");
        }
        return bytes.get();
    }

    /** The calendar shipped in the jar. */
    public static LunarCalendar get() {
        return BUILT_IN;
    }

    static LunarCalendar parse(String text) {
        List<int[]> months = new ArrayList<>();
        byte[] terms = new byte[(LAST.getYear() - FIRST.getYear() + 1) * 24];
        for (String line : text.split("\n")) {
            if (line.startsWith("L ")) {
                String[] f = line.split(" ");
                int year = Integer.parseInt(f[1]);
                long day = IsoDate.parse(f[2]).toEpochDay();
                int leapMonth = Integer.parseInt(f[3]);
                int month = 1;
                boolean leap = false;
                for (char c : f[4].toCharArray()) {
                    months.add(new int[] {(int) day, year, month, leap ? 1 : 0});
                    day += c == '1' ? 30 : 29;
                    if (leapMonth == month && !leap) {
                        leap = true;
                    } else {
                        leap = false;
                        month++;
                    }
                }
                months.add(new int[] {(int) day, year + 1, 1, 0});  // where the next year begins (replaced by its own line)
            } else if (line.startsWith("T ")) {
                String[] f = line.split(" ");
                int year = Integer.parseInt(f[1]);
                for (int i = 0; i < 24; i++) {
                    terms[(year - FIRST.getYear()) * 24 + i] = (byte) ((f[2].charAt(2 * i) - '0') * 10 + f[2].charAt(2 * i + 1) - '0');
                }
            }
        }
        // Each year's line ends with a marker for the next year's first day: keep one entry per day.
        List<int[]> unique = new ArrayList<>();
        for (int[] m : months) {
            if (!unique.isEmpty() && unique.get(unique.size() - 1)[0] == m[0]) {
                unique.set(unique.size() - 1, m);
            } else {
                unique.add(m);
            }
        }
        int n = unique.size();
        int[] start = new int[n];
        short[] year = new short[n];
        byte[] number = new byte[n];
        boolean[] leap = new boolean[n];
        for (int i = 0; i < n; i++) {
            int[] m = unique.get(i);
            start[i] = m[0];
            year[i] = (short) m[1];
            number[i] = (byte) m[2];
            leap[i] = m[3] == 1;
        }
        return new LunarCalendar(start, year, number, leap, terms);
    }

    /** Whether {@code date} is within 1901-01-01 … 2100-12-31. */
    public static boolean covers(LocalDate date) {
        return !date.isBefore(FIRST) && !date.isAfter(LAST);
    }

    /** The lunar date of a covered Gregorian date. */
    public LunarDate lunar(LocalDate date) {
        check(date);
        int day = (int) date.toEpochDay();
        int i = Arrays.binarySearch(monthStart, day);
        if (i < 0) {
            i = -i - 2;
        }
        return new LunarDate(monthYear[i], monthNumber[i], day - monthStart[i] + 1, monthLeap[i]);
    }

    /** The solar term that falls on {@code date} (in UTC+8), if any: {@code 清明}, {@code 冬至} … */
    public Optional<String> solarTerm(LocalDate date) {
        check(date);
        int i = (date.getMonthValue() - 1) * 2;
        for (int k = i; k < i + 2; k++) {
            if (termDay[(date.getYear() - FIRST.getYear()) * 24 + k] == date.getDayOfMonth()) {
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
        return LocalDate.of(year, k / 2 + 1, termDay[(year - FIRST.getYear()) * 24 + k]);
    }

    /**
     * The Gregorian date of day {@code day} of the (not leap) month {@code month} of lunar year
     * {@code year}; {@code month} 1 and {@code day} 0 is the day before 正月初一: 除夕.
     */
    public LocalDate date(int year, int month, int day) {
        for (int i = 0; i < monthStart.length; i++) {
            if (monthYear[i] == year && monthNumber[i] == month && !monthLeap[i]) {
                return LocalDate.ofEpochDay(monthStart[i] + day - 1L);
            }
        }
        throw new IllegalArgumentException("no lunar month " + month + " in " + year);
    }

    private static void check(LocalDate date) {
        if (!covers(date)) {
            throw new IllegalArgumentException(date + " is outside " + FIRST + " .. " + LAST);
        }
    }
}
