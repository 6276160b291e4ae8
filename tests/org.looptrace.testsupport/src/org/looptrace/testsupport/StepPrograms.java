// SPDX-License-Identifier: EPL-2.0
package org.looptrace.testsupport;

import java.util.ArrayList;
import java.util.List;

import org.looptrace.model.core.RankSet;
import org.looptrace.model.core.TraceEvent;

/**
 * Programs made of steps repeated over time steps, written so that a test can edit one thing of a
 * program (a tag, a step, the number of time steps) and get the traces of both versions.
 */
public final class StepPrograms {

	private StepPrograms() {
	}

	/** One step of a time step. */
	public sealed interface Step {
	}

	/** Every rank p sends to p + shift (modulo the ranks), then receives from p - shift. */
	public record Shift(int shift, String tag) implements Step {
	}

	/** A collective of all ranks. */
	public record Collective(String name) implements Step {
	}

	/** The trace of every rank of {@code steps} run {@code timeSteps} times on {@code ranks} ranks. */
	public static List<List<TraceEvent>> traces(int ranks, int timeSteps, List<Step> steps) {
		List<List<TraceEvent>> traces = new ArrayList<>();
		for (int p = 0; p < ranks; p++) {
			traces.add(new ArrayList<>());
		}
		for (int t = 0; t < timeSteps; t++) {
			for (Step step : steps) {
				switch (step) {
				case Shift(int shift, String tag) -> {
					for (int p = 0; p < ranks; p++) {
						traces.get(p).add(TraceEvent.send(p, Math.floorMod(p + shift, ranks), tag));
						traces.get(p).add(TraceEvent.recv(Math.floorMod(p - shift, ranks), p, tag));
					}
				}
				case Collective(String name) -> {
					for (int p = 0; p < ranks; p++) {
						traces.get(p).add(TraceEvent.sync(p, name, RankSet.range(0, ranks - 1)));
					}
				}
				}
			}
		}
		return traces;
	}
}
