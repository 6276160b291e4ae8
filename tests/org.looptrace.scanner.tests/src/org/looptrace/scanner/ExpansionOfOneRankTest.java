// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.Timeout.ThreadMode;
import org.looptrace.model.Model;
import org.looptrace.model.core.ModelExpander;
import org.looptrace.model.core.ModelPrinter;

/**
 * {@code ModelExpander.expand(model, rank)} runs only the iterations of loops over ranks that the
 * owners' expressions leave to the rank. It lives here, beside the scanner's projections that solve
 * the same iterations, for the random annotated models of this bundle.
 */
class ExpansionOfOneRankTest {

	@Test
	void oneRanksEventsAreTheEventsOfEveryRankItOwns() {
		for (int ranks : new int[] { 3, 5, 9 }) {
			RandomModels random = new RandomModels(53 + ranks, ranks);
			for (int sample = 0; sample < 300; sample++) {
				Model model = random.next();
				for (int rank = 0; rank < ranks; rank++) {
					int owner = rank;
					assertEquals(lines(ModelExpander.expand(model, at -> at == owner)), lines(ModelExpander.expand(model, rank)),
							"rank " + rank + " of\n" + ModelPrinter.print(model));
				}
			}
		}
	}

	/** Running every iteration (7·10^9) takes ten minutes or more; the timeout turns that into a failure. */
	@Test
	@Timeout(value = 2, unit = TimeUnit.MINUTES, threadMode = ThreadMode.SEPARATE_THREAD)
	void loopsOverTwoBillionRanksRunOnlyTheRanksIterations() throws Exception {
		Model model = Models.parse("""
				for i0 = 0 to 1
				  for i1 = 0 to 1999999999
				    mod(1+i1,2000000000) send i1 1
				  done
				  for i1 = 0 to 39999
				    for i2 = 0 to 39999
				      40000*i1+mod(2+i2,40000) send 40000*i1+i2 2
				    done
				  done
				done
				""");
		assertEquals(List.of("0 send 1999999999 1", "0 send 39998 2", "0 send 1999999999 1", "0 send 39998 2"),
				lines(ModelExpander.expand(model, 0)));
		// the first rank of a grid's row: the neighbour it sends to wraps to the row's end
		assertEquals(List.of("1234560000 send 1234559999 1", "1234560000 send 1234599998 2"),
				lines(ModelExpander.expand(model, 1_234_560_000)).subList(0, 2));
	}

	private static List<String> lines(ModelExpander events) {
		List<String> lines = new ArrayList<>();
		events.forEachRemaining(event -> lines.add(event.toLine()));
		return lines;
	}
}
