// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.internal;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;

/** Strongly connected components (Tarjan's algorithm, iterative: graphs can be deep). */
final class Scc {

	private Scc() {
	}

	/** For every node, the number of nodes of its strongly connected component. */
	static int[] sizes(List<List<Integer>> successors) {
		int n = successors.size();
		int[] index = new int[n];
		int[] low = new int[n];
		boolean[] onStack = new boolean[n];
		int[] size = new int[n];
		Arrays.fill(index, -1);
		Deque<Integer> stack = new ArrayDeque<>();
		int[] callNode = new int[n];
		int[] callEdge = new int[n];
		int counter = 0;
		for (int root = 0; root < n; root++) {
			if (index[root] >= 0) {
				continue;
			}
			int depth = 0;
			callNode[0] = root;
			callEdge[0] = 0;
			index[root] = low[root] = counter++;
			stack.push(root);
			onStack[root] = true;
			while (depth >= 0) {
				int v = callNode[depth];
				List<Integer> next = successors.get(v);
				if (callEdge[depth] < next.size()) {
					int w = next.get(callEdge[depth]++);
					if (index[w] < 0) {
						index[w] = low[w] = counter++;
						stack.push(w);
						onStack[w] = true;
						depth++;
						callNode[depth] = w;
						callEdge[depth] = 0;
					} else if (onStack[w]) {
						low[v] = Math.min(low[v], index[w]);
					}
					continue;
				}
				if (low[v] == index[v]) {
					int members = 0;
					Deque<Integer> popped = new ArrayDeque<>();
					int w;
					do {
						w = stack.pop();
						onStack[w] = false;
						popped.push(w);
						members++;
					} while (w != v);
					for (int member : popped) {
						size[member] = members;
					}
				}
				depth--;
				if (depth >= 0) {
					int parent = callNode[depth];
					low[parent] = Math.min(low[parent], low[v]);
				}
			}
		}
		return size;
	}
}
