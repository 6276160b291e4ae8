// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.fold.internal;

import java.util.Arrays;
import java.util.Objects;

import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.model.core.EventKind;
import org.looptrace.model.core.RankSet;

/** An event: kind, symbols (NUMBER where a number stands), group of a collective, numbers. */
final class EventNode extends Node {
	final EventKind kind;
	final String[] symbols;
	final @Nullable RankSet group;
	/** rank, then the peer of a message, then the numeric tag or words, in order. */
	final DepthExpr[] numbers;

	/** An event read from the model: its owner is its rank set. */
	EventNode(EventKind kind, String[] symbols, @Nullable RankSet group, DepthExpr[] numbers) {
		super(Objects.hash(kind, Arrays.hashCode(symbols), group, numbers.length), owner(kind, numbers));
		this.kind = kind;
		this.symbols = symbols;
		this.group = group;
		this.numbers = numbers;
	}

	private EventNode(EventNode shape, DepthExpr[] numbers, RankSet ranks) {
		super(shape.skeleton, ranks);
		this.kind = shape.kind;
		this.symbols = shape.symbols;
		this.group = shape.group;
		this.numbers = numbers;
	}

	/** The event with other numbers, as folding builds it (no rank set). */
	EventNode withNumbers(DepthExpr[] numbers) {
		return new EventNode(this, numbers, RankSet.EMPTY);
	}

	/** The event with numbers of the same values written otherwise, its ranks kept. */
	EventNode withNumbers(DepthExpr[] numbers, RankSet ranks) {
		return new EventNode(this, numbers, ranks);
	}

	/** The rank whose event it is: the receiver of a message received, else the first number. */
	DepthExpr owner() {
		return numbers[kind == EventKind.RECV ? 1 : 0];
	}

	private static RankSet owner(EventKind kind, DepthExpr[] numbers) {
		DepthExpr owner = numbers[kind == EventKind.RECV ? 1 : 0];
		long rank = owner.constantTerm();
		return owner.isConstant() && rank >= 0 && rank <= Integer.MAX_VALUE ? RankSet.of((int) rank) : RankSet.EMPTY;
	}

	@Override
	public boolean equals(@Nullable Object obj) {
		return obj instanceof EventNode other && skeleton == other.skeleton && kind == other.kind
				&& Arrays.equals(symbols, other.symbols) && Objects.equals(group, other.group)
				&& Arrays.equals(numbers, other.numbers);
	}

	@Override
	public int hashCode() {
		return skeleton;
	}
}
