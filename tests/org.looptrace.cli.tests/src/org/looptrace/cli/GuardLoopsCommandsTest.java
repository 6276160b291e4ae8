// SPDX-License-Identifier: EPL-2.0
package org.looptrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.looptrace.testsupport.GuardModels;

/**
 * {@code expand}, {@code render} and {@code positions} on models with guard loops (loops that run at
 * some iterations of an enclosing loop only): the events of the plain twin, a drawing, placements
 * that name the pieces of the split step loop.
 */
class GuardLoopsCommandsTest {

	@Test
	void aGuardModelExpandsAsItsPlainTwinAndRenders(@TempDir Path dir) throws Exception {
		Random random = new Random(13);
		for (int i = 0; i < 6; i++) {
			GuardModels.Pair pair = GuardModels.next(random);
			Path guarded = Files.writeString(dir.resolve("guarded" + i + ".loops"), pair.guarded());
			Path plain = Files.writeString(dir.resolve("plain" + i + ".loops"), pair.plain());
			assertEquals(Cli.expect(0, "expand", plain.toString()).out(), Cli.expect(0, "expand", guarded.toString()).out(), pair::toString);
			assertEquals(Cli.expect(0, "expand", plain.toString(), "--rank", "1").out(),
					Cli.expect(0, "expand", guarded.toString(), "--rank", "1").out(), pair::toString);
			RenderCommandTest.renderAndCount(guarded, dir.resolve("guarded" + i + ".svg"));
		}
	}

	@Test
	void positionsOfAWarmUpNameTheFirstStep(@TempDir Path dir) throws Exception {
		Path model = Files.writeString(dir.resolve("warm-up.loops"), GuardModels.warmUp(1000).guarded());
		String out = Cli.expect(0, "positions", model.toString(), "--construct", "1.1.1.2.1").out();
		assertEquals(16, out.lines().count(), out);
		assertTrue(out.lines().allMatch(line -> line.contains("{i0=") && line.contains("i2=0..0}")), out);
	}
}
