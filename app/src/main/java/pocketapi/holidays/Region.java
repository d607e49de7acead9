package pocketapi.holidays;

import java.time.LocalDate;

/**
 * Whose calendar a day is answered from ({@code region=}), as one object: its names and words, and its law, which the
 * classification of its days ({@link #law}), the days beyond its data ({@link #beyond}) and the law's facts of
 * {@code /detail} come from. The mainland is {@link Mainland}; the others are the regions module's, each with its data
 * files and update source beside its law. Implementations are immutable.
 */
public interface Region {
    /** Its {@code region=} value: {@code cn}, {@code hk} ... */
    String code();

    /** Its name in English sentences: {@code the mainland}, {@code Hong Kong}. */
    String english();

    /** Its name in Chinese: {@code 中国大陆}, {@code 香港}. */
    String chinese();

    /** What follows a festival's name on a make-up working day: {@code 春节调休}, {@code 春節補行上班}; "" without any. */
    String makeUp();

    /** The law's facts of {@code year}: what its days and breaks are, beyond what the year's list says. */
    YearLaw law(int year);

    /** What the law alone says of a date beyond the data: its holiday's name and whether it is statutory. */
    Beyond beyond(LocalDate date);

    /**
     * What the law says of a date beyond the data: its holiday's name (null: none), statutory (null: unknown), wage.
     */
    record Beyond(String name, Boolean statutory, Integer wage) {}

    /**
     * The least pay for work on a day, as a multiple of the wage, where a labour law says one (the mainland's); else
     * null.
     */
    default Integer wage(Day law) {
        return null;
    }

    /** Whether the exchanges trade on a day, where this service knows them (the mainland's); else null. */
    default Boolean tradingDay(Day law) {
        return null;
    }

    /**
     * The day the law gives part of the population on {@code date}, where it names such days (the mainland's); else
     * null.
     */
    default Law.GroupHoliday groupHoliday(LocalDate date) {
        return null;
    }

    /** Whether a forecast of its arrangement from the law is answered (the mainland's alone). */
    default boolean forecast() {
        return false;
    }

    /** How its feed is named (all events, days off, make-up days) and described, in one language. */
    String[] feed(boolean english, String years);

    /** Its own words, in its own script. */
    Words words();

    /**
     * How a region's calendar says things.
     *
     * @param statutory a statutory holiday: {@code 法定节假日}, {@code 法定假日}
     * @param makeUpDay a make-up working day in a sentence: {@code 调休上班}, {@code 補行上班}; "" without any
     * @param noMakeUp how a break's sentence ends without a make-up day: {@code ，不调休。}, {@code 。}
     * @param dayWorked how a make-up day's sentence ends: {@code ，这一天上班。}, {@code ，這一天上班。}
     */
    record Words(String statutory, String makeUpDay, String noMakeUp, String dayWorked) {}

    /** What the page's legend calls the marks of its year's grid. */
    Legend legend();

    /**
     * The page's legend for a region's grid, each mark in Chinese and in English.
     *
     * @param off a day off: {@code 休}, {@code 休 公眾假期}
     * @param statutory a statutory day, what its law pays for: {@code 法定节假日}, {@code statutory holiday (3× pay)}
     * @param makeUp a make-up working day: {@code 班 调休上班}; "" without any (the legend hides it)
     */
    record Legend(
            String off,
            String offEnglish,
            String statutory,
            String statutoryEnglish,
            String makeUp,
            String makeUpEnglish) {}

    /** Whether it is the default ({@code region=} absent): its links need no {@code region=}, its titles no name. */
    default boolean isDefault() {
        return false;
    }

    /** What sets its feed's events apart in their UIDs ({@code ""} for the mainland's, as they always were). */
    default String tag() {
        return code();
    }
}
