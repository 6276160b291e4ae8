// SPDX-License-Identifier: EPL-2.0
package org.looptrace.model.core;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.emf.ecore.EObject;
import org.looptrace.model.Block;
import org.looptrace.model.Construct;
import org.looptrace.model.Item;
import org.looptrace.model.Loop;

/**
 * The name of a construct inside its model: the 1-based positions of the construct and of its
 * enclosing loops among the constructs (loops and events, annotations not counted) of their blocks,
 * outermost first, joined by dots. {@code 3} is the third construct of the model, {@code 3.2} the
 * second construct of the body of that loop. The outline, the matrix and timeline views and the
 * command line ({@code --construct}) all name constructs this way.
 */
public final class ConstructPath {

	private ConstructPath() {
	}

	/** The path of a construct contained in a model (or in a loop, then relative to the outermost block). */
	public static String of(Construct construct) {
		List<Integer> positions = new ArrayList<>();
		EObject current = construct;
		while (current instanceof Construct item && current.eContainer() instanceof Block block) {
			positions.add(0, position(block, item));
			current = block;
		}
		StringBuilder path = new StringBuilder();
		for (int position : positions) {
			path.append(path.isEmpty() ? "" : ".").append(position);
		}
		return path.toString();
	}

	/**
	 * The construct a path names.
	 *
	 * @throws IllegalArgumentException when the text is not a path or names no construct of the
	 *                                  block; the message says which part does not fit and why
	 */
	public static Construct find(Block block, String path) {
		if (!path.matches("[1-9][0-9]{0,9}(\\.[1-9][0-9]{0,9})*")) {
			throw new IllegalArgumentException("'" + path + "' is not a construct path: expected positions from 1 joined by dots, e.g. 3.2");
		}
		String[] parts = path.split("\\.");
		Block current = block;
		StringBuilder prefix = new StringBuilder();
		for (int i = 0;; i++) {
			int wanted = Integer.parseInt(parts[i]);
			List<Construct> constructs = constructs(current);
			String where = prefix.isEmpty() ? "the model" : "loop " + prefix;
			if (wanted > constructs.size()) {
				// the count is of this level only: a model of 12 top-level constructs may hold 71 in all
				String parent = prefix.isEmpty() ? "" : prefix + ".";
				int count = constructs.size();
				throw new IllegalArgumentException("no construct " + parent + parts[i] + ": " + where + " holds " + count
						+ (count == 1 ? " construct" : " constructs") + (prefix.isEmpty() ? " at its top level" : " directly in its body")
						+ (count == 0 ? "" : " (" + parent + "1" + (count == 1 ? "" : " to " + parent + count) + ")"));
			}
			Construct found = constructs.get(wanted - 1);
			prefix.append(prefix.isEmpty() ? "" : ".").append(parts[i]);
			if (i == parts.length - 1) {
				return found;
			}
			if (!(found instanceof Loop loop)) {
				throw new IllegalArgumentException("construct " + prefix + " is an event, it has no construct " + prefix + "." + parts[i + 1]);
			}
			current = loop;
		}
	}

	/** The constructs of a block, in order, without its annotations. */
	public static List<Construct> constructs(Block block) {
		List<Construct> constructs = new ArrayList<>();
		for (Item item : block.getItems()) {
			if (item instanceof Construct construct) {
				constructs.add(construct);
			}
		}
		return constructs;
	}

	private static int position(Block block, Construct construct) {
		int position = 0;
		for (Item item : block.getItems()) {
			if (item instanceof Construct) {
				position++;
			}
			if (item == construct) {
				return position;
			}
		}
		throw new IllegalStateException("a construct is not among the items of its container");
	}
}
