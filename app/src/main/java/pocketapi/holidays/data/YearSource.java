package pocketapi.holidays.data;

import pocketapi.holidays.HolidayDataException;
import pocketapi.holidays.HolidayYear;

/**
 * A published source of holiday years, each at {@code <base>/YYYY.json}: how a year's file reads. What it confirms of
 * another source is what its year lists per calendar date, compared as {@link pocketapi.holidays.Status#lived}
 * ({@link pocketapi.holidays.Confirmation}). holiday-cn ({@link HolidayFile#HOLIDAY_CN}) gives the notices served;
 * chinese-days ({@link ChineseDaysFile#CHINESE_DAYS}) confirms them. A third source is one more implementation.
 * Implementations are stateless.
 */
public interface YearSource {
    /** Its name in messages: {@code holiday-cn}. */
    String name();

    /**
     * Reads a year's file: untrusted input, read strictly (UTF-8, no key twice), names through the festival table, so
     * that no text of a mirror's choosing is ever served.
     */
    HolidayYear read(String where, int year, byte[] bytes) throws HolidayDataException;
}
