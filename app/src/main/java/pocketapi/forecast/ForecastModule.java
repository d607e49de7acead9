package pocketapi.forecast;

import pocketapi.holidays.DayRoutes;
import pocketapi.holidays.HolidaysModule;
import pocketapi.web.Family;
import pocketapi.web.Html;
import pocketapi.web.Module;
import pocketapi.web.Routes;

/**
 * The forecast of the mainland's next arrangement from the law ({@code /api/holidays/forecast}, and {@code forecast=1}
 * on the holiday calendar's endpoints), which comes with the holiday calendar. Thread-safe.
 */
public final class ForecastModule implements Module {
    private static final String SECTION = Html.resource("pocketapi/forecast/section.html");
    private final HolidaysModule holidays;
    private final ForecastCalendars forecasts;

    /** @param forecasts the forecasts the holiday calendar was given too */
    public ForecastModule(HolidaysModule holidays, ForecastCalendars forecasts) {
        this.holidays = holidays;
        this.forecasts = forecasts;
    }

    @Override
    public String name() {
        return "forecast";
    }

    @Override
    public void routes(Routes r) {
        DayRoutes days = holidays.days();
        r.counted(
                "/api/holidays/forecast",
                Family.HOLIDAYS,
                new ForecastRoutes(days, forecasts)::forecast,
                DayRoutes.Y,
                days.region);
    }

    @Override
    public String section() {
        return SECTION;
    }
}
