// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.internal;

import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;


/** A loop of {@code count} ≥ 2 iterations, its index running from 0; its body is a system. */
public final class GlobalLoop extends GlobalConstruct {

	public final long count;
	public final LoopVariable var;
	public final GlobalSystem body;

	public GlobalLoop(long count, LoopVariable var, GlobalSystem body) {
		super(body.coverage, times(body.potential, count), body.affine);
		if (count < 2) {
			throw new IllegalArgumentException("a loop runs at least twice, found " + count);
		}
		this.count = count;
		this.var = var;
		this.body = body;
	}

	private static SortedMap<GlobalChannel, Long> times(SortedMap<GlobalChannel, Long> flow, long count) {
		SortedMap<GlobalChannel, Long> result = new TreeMap<>();
		flow.forEach((channel, volume) -> result.put(channel, channel.times(volume, count)));
		return result;
	}

	@Override
	GlobalConstruct substitute(Map<LoopVariable, AffineExpression> substitution) {
		if (!affine) {
			return this;
		}
		return new GlobalLoop(count, var, new GlobalSystem(body.substitute(substitution)));
	}
}
