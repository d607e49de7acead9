package pocketapi.holidays;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The mainland's calendar (the default, {@code region=cn}): the State Council's notices under 《全国年节及纪念日放假办法》
 * ({@link Law}), whose festivals the notices arrange into breaks; the Labour Law's wage, the exchanges' trading days,
 * the days the law gives part of the population, and a forecast of next year's arrangement from the law. Stateless.
 */
public final class Mainland implements Region {
    /** The one mainland. */
    public static final Mainland CN = new Mainland();

    private Mainland() {}

    @Override
    public String code() {
        return "cn";
    }

    @Override
    public String english() {
        return "the mainland";
    }

    @Override
    public String chinese() {
        return "中国大陆";
    }

    @Override
    public String makeUp() {
        return "调休";
    }

    @Override
    public YearLaw law(int year) {
        List<Law.Holiday> festivals = Law.covers(year) ? Law.of(year, LunarCalendar.get()) : List.of();
        Set<LocalDate> statutory = new HashSet<>();
        festivals.forEach(h -> statutory.add(h.date()));
        return new YearLaw(festivals, statutory, Set.of(), Map.of(), true);
    }

    /**
     * The statutory holiday the law of its year fixes on the date ({@code statutory} null before 2000: no law known).
     */
    @Override
    public Beyond beyond(LocalDate date) {
        if (!Law.covers(date.getYear())) {
            return new Beyond(null, null, null);
        }
        List<Festival> law = new ArrayList<>();
        for (Law.Holiday h : Law.of(date.getYear(), LunarCalendar.get())) {
            if (h.date().equals(date)) {
                law.add(h.festival());
            }
        }
        return law.isEmpty() ? new Beyond(null, false, null) : new Beyond(Festival.chinese(law), true, 3);
    }

    @Override
    public Integer wage(Day law) {
        return law.status().wage();
    }

    @Override
    public Boolean tradingDay(Day law) {
        return law.tradingDay();
    }

    @Override
    public Law.GroupHoliday groupHoliday(LocalDate date) {
        return Law.groupHoliday(date).orElse(null);
    }

    @Override
    public boolean forecast() {
        return true;
    }

    @Override
    public String[] feed(boolean english, String years) {
        return english
                ? new String[] {
                    "Chinese public holidays",
                    "Chinese public holidays: days off",
                    "Chinese make-up " + "working days",
                    "The State Council's holiday arrangements for " + years + ": days off and make-up "
                            + "working days. pocketapi"
                }
                : new String[] {
                    "中国法定节假日", "中国法定节假日（休）", "中国调休上班日（班）", "国务院办公厅公布的" + years + "年放假安排（休）与调休上班日（班）。pocketapi"
                };
    }

    @Override
    public Words words() {
        return WORDS;
    }

    private static final Words WORDS = new Words("法定节假日", "调休上班", "，不调休。", "，这一天上班。");

    @Override
    public Legend legend() {
        return LEGEND;
    }

    private static final Legend LEGEND =
            new Legend("休", "day off", "法定节假日", "statutory holiday (3× pay)", "班 调休上班", "make-up working day");

    @Override
    public String tag() {
        return "";
    }

    @Override
    public boolean isDefault() {
        return true;
    }

    @Override
    public String toString() {
        return code();
    }
}
