package pocketapi.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.management.HotSpotDiagnosticMXBean;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;

/**
 * The cache-line hint Main hands Jetty is the one Jetty's {@code MemoryUtils} would find by itself, through the
 * platform MBean server: its cache line over 4 bytes with compressed references, over 8 without.
 */
class JettyPropertiesTest {

    @Test
    void the_references_per_cache_line_are_what_jetty_would_work_out() {
        boolean compressed = Boolean.parseBoolean(ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class)
                .getVMOption("UseCompressedOops")
                .getValue());
        int line = Integer.getInteger(JettyProperties.CACHE_LINE_BYTES, 64);

        assertThat(JettyProperties.referenceBytes()).isEqualTo(compressed ? 4 : 8);
        assertThat(JettyProperties.referencesPerCacheLine()).isEqualTo(compressed ? line >> 2 : line >> 3);
    }
}
