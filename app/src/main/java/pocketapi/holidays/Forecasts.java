package pocketapi.holidays;

/** Next years' arrangements as the law would have them, for {@code forecast=1}: the forecast module's, or none. */
public interface Forecasts {
    /** No forecast. */
    Forecasts NONE = new Forecasts() {
        @Override
        public boolean covers(int year) {
            return false;
        }

        @Override
        public HolidayCalendar calendar(int year) {
            throw new IllegalArgumentException("no forecast of " + year);
        }
    };

    /** Whether {@code year} has a forecast. */
    boolean covers(int year);

    /** The forecast of {@code year}'s official arrangement. */
    HolidayCalendar calendar(int year);
}
