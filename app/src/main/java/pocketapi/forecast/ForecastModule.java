package pocketapi.forecast;

import pocketapi.holidays.DayRoutes;
import pocketapi.holidays.HolidaysModule;
import pocketapi.web.Doc;
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
    public String about() {
        return "The mainland's next arrangement forecast from the law alone (its fixed dates certain, its make-up days "
                + "likely), until the notice is published.";
    }

    @Override
    public void routes(Routes r) {
        DayRoutes days = holidays.days();
        ForecastRoutes forecast = new ForecastRoutes(days, forecasts);
        r.counted(
                "/api/holidays/forecast",
                Doc.of(
                                "A year's arrangement forecast from the law",
                                "The likely arrangement of a year whose notice is not yet out (or is: published "
                                        + "says so), from the holiday law alone: each break, each of its dates "
                                        + "certain when the law fixes it. The mainland's only (another region is "
                                        + "400).")
                        .json(
                                ForecastRoutes.ForecastYear.class,
                                "The forecast.",
                                "y=2027",
                                () -> forecast.answer(2027)),
                Family.HOLIDAYS,
                forecast::forecast,
                DayRoutes.Y.described(
                        "The year (2025 to 2100); default: the first year whose notice is not in the " + "data."),
                days.region);
    }

    @Override
    public String section() {
        return SECTION;
    }
}
