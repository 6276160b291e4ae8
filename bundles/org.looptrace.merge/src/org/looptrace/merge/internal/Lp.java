// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.internal;

import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

import org.looptrace.model.core.Channel;

/** A loop of {@code count} ≥ 2 iterations, its index running from 0; its body is a system. */
public final class Lp extends Construct {

	public final long count;
	public final Var var;
	public final Sys body;

	public Lp(long count, Var var, Sys body) {
		super(body.coverage, times(body.potential, count), body.affine);
		if (count < 2) {
			throw new IllegalArgumentException("a loop runs at least twice, found " + count);
		}
		this.count = count;
		this.var = var;
		this.body = body;
	}

	private static SortedMap<Channel, Long> times(SortedMap<Channel, Long> flow, long count) {
		SortedMap<Channel, Long> result = new TreeMap<>();
		flow.forEach((channel, volume) -> result.put(channel, Math.multiplyExact(volume, count)));
		return result;
	}

	@Override
	Construct substitute(Map<Var, Affine> substitution) {
		if (!affine) {
			return this;
		}
		return new Lp(count, var, new Sys(body.substitute(substitution)));
	}
}
