// SPDX-License-Identifier: EPL-2.0
package org.looptrace.cli;

import java.nio.file.Path;

import org.looptrace.model.Model;
import org.looptrace.model.core.RankSet;
import org.looptrace.scanner.Positions;

/**
 * The ranks that own events of a model, against which the rank options of the commands
 * ({@code expand --rank}, {@code render --ranks}) are checked: a rank outside them would select
 * nothing, silently.
 */
final class ModelRanks {

	private ModelRanks() {
	}

	/** The owners of the model's events; a usage error naming the file when they cannot be evaluated. */
	static RankSet of(String command, Path file, Model model) throws UsageException {
		try {
			return Positions.of(model).ranks();
		} catch (IllegalArgumentException | IllegalStateException | ArithmeticException e) {
			// an expression that evaluates to no rank, or out of 64 bits, for some iteration
			throw new UsageException(command + ": " + file + ": " + e.getMessage());
		}
	}

	/** The ranks of {@code wanted} that are not in {@code owners}, computed range by range. */
	static RankSet outside(RankSet wanted, RankSet owners) {
		if (wanted.isEmpty()) {
			return RankSet.EMPTY;
		}
		RankSet.Builder gaps = new RankSet.Builder();
		long next = wanted.min();
		for (int owner : owners) {
			if (owner > wanted.max()) {
				break;
			}
			if (owner > next) {
				gaps.addRange((int) next, owner - 1);
			}
			next = Math.max(next, owner + 1L);
		}
		if (next <= wanted.max()) {
			gaps.addRange((int) next, wanted.max());
		}
		return gaps.build().intersection(wanted);
	}

	/** Says which ranks own events, for messages: {@code ranks 0-15 do}, or that none does. */
	static String owning(RankSet owners) {
		return owners.isEmpty() ? "no rank owns an event of it" : (owners.size() == 1 ? "rank " : "ranks ") + owners + (owners.size() == 1 ? " does" : " do");
	}
}
