package pocketapi.regions;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Function;
import pocketapi.config.Config;
import pocketapi.holidays.HolidaySettings;
import pocketapi.holidays.HolidaysModule;
import pocketapi.holidays.Region;
import pocketapi.holidays.update.HolidayFetcher;
import pocketapi.holidays.update.UpdateMeasures;
import pocketapi.web.Measures;
import pocketapi.web.Module;
import pocketapi.web.Routes;

/**
 * The regions ({@code region=hk}, {@code mo}, {@code tw}), which come with the holiday calendar: their calendars, which
 * its endpoints answer from ({@link Regions}), and their updates. No endpoint of their own. Thread-safe.
 */
public final class RegionsModule implements Module {
    /** The regions' updater once started: /metrics reads its outcomes. */
    private volatile RegionUpdater updater;

    private final Config config;
    private final Clock clock;
    private final Regions regions;
    private final String userAgent;

    public RegionsModule(Config config, Clock clock, String userAgent) {
        this(config, clock, Regions.of(config, clock), userAgent);
    }

    /** The module over regions already made (a test's, with no cache folder). */
    public RegionsModule(Config config, Clock clock, Regions regions, String userAgent) {
        this.config = config;
        this.clock = clock;
        this.userAgent = userAgent;
        this.regions = regions;
    }

    @Override
    public String name() {
        return "regions";
    }

    @Override
    public void routes(Routes routes) {
        // answered through the holiday calendar's endpoints, region=
    }

    /** Each update source that is on, for the start-up line: {@code Hong Kong's from host}. */
    public List<String> updates() {
        List<String> on = new ArrayList<>();
        for (Region region : regions.regions()) {
            Regional r = regions.get(region.code());
            if (r.updates()) {
                on.add(r.english() + "'s from " + r.sources());
            }
        }
        return on;
    }

    /** The regions' calendars, for the holiday calendar's endpoints. */
    public Regions regions() {
        return regions;
    }

    @Override
    public void start(Function<String, ScheduledExecutorService> threads) {
        updater = new RegionUpdater(
                regions,
                config.get(HolidaySettings.HOLIDAY_UPDATE_SECONDS),
                config.get(HolidaySettings.HOLIDAY_CONFIRM_WAIT_SECONDS),
                new HolidayFetcher(userAgent),
                clock);
        updater.start(threads.apply("updates"));
    }

    /**
     * The years each region asked for so far covers (a region's data is read when first asked), and its updates'
     * sources (the metrics module adds them to the mainland's).
     */
    @Override
    public void measures(Measures m) {
        HolidaysModule.years(
                m,
                r -> regions.asked().forEach(g -> r.value(regions.get(g).first().getYear(), g.code())),
                r -> regions.asked().forEach(g -> r.value(regions.get(g).last().getYear(), g.code())));
        UpdateMeasures.register(m, "regions", () -> Optional.ofNullable(updater).map(RegionUpdater::outcomes));
    }
}
