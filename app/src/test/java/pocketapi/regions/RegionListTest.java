package pocketapi.regions;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import pocketapi.Settings;
import pocketapi.config.Config;
import pocketapi.config.Setting;
import pocketapi.holidays.HolidaySettings;

/**
 * The list of regions ({@link Regions#ALL}) is the one place a region is named: {@code region=}'s values, the settings
 * and what they turn on follow from it.
 */
class RegionListTest {
    @Test
    void the_region_values_are_cn_then_each_listed_region_in_the_lists_order() {
        List<String> listed =
                Regions.ALL.stream().map(kind -> kind.off().code()).toList();
        Regions regions = new Regions(Clock.systemUTC(), null);
        assertThat(regions.codes()).first().isEqualTo("cn");
        assertThat(regions.codes().subList(1, regions.codes().size())).containsExactlyElementsOf(listed);
        listed.forEach(code -> assertThat(regions.parse(code).code()).isEqualTo(code));
    }

    @Test
    void every_setting_a_region_declares_is_in_the_help_and_updates_off_turns_every_region_off() throws Exception {
        List<Setting<List<URI>>> declared =
                Regions.ALL.stream().flatMap(kind -> kind.settings().stream()).toList();
        assertThat(Settings.all()).containsAll(declared);
        assertThat(RegionSettings.ALL).containsExactlyElementsOf(declared);
        assertThat(Regions.every(Settings.defaults())).allMatch(Regional::updates);
        Config off = Settings.parse(Map.of("UPDATES", "off"), List.of());
        assertThat(Regions.every(off)).noneMatch(Regional::updates);
        declared.forEach(s -> assertThat(off.get(s)).as(s.name()).isEmpty());
    }

    @Test
    void the_cache_folder_is_wanted_while_one_regions_update_source_is_on_and_not_for_a_confirming_one_alone()
            throws Exception {
        for (Regional.Kind on : Regions.ALL) {
            Map<String, String> env = new HashMap<>();
            Regions.ALL.stream()
                    .filter(kind -> kind != on)
                    .forEach(kind -> kind.settings().forEach(s -> env.put(s.name(), "off")));
            assertThat(RegionSettings.folders(Settings.parse(env, List.of())))
                    .as(on.off().english())
                    .<Object>extracting(wanted -> wanted.setting())
                    .containsExactly(HolidaySettings.HOLIDAY_CACHE_DIR);
            env.put(on.settings().get(0).name(), "off"); // its update source; Taiwan's confirming one stays on
            assertThat(RegionSettings.folders(Settings.parse(env, List.of())))
                    .as(on.off().english() + " with its update source off")
                    .isEmpty();
        }
    }
}
