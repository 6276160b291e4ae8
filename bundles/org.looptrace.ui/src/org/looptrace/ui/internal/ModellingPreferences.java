// SPDX-License-Identifier: EPL-2.0
package org.looptrace.ui.internal;

import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.ProjectScope;
import org.eclipse.core.runtime.preferences.AbstractPreferenceInitializer;
import org.eclipse.core.runtime.preferences.DefaultScope;
import org.eclipse.core.runtime.preferences.IEclipsePreferences;
import org.eclipse.core.runtime.preferences.IScopeContext;
import org.eclipse.core.runtime.preferences.InstanceScope;
import org.eclipse.jdt.annotation.Nullable;
import org.looptrace.nlr.NlrOptions;
import org.looptrace.ui.LoopTraceUi;

/**
 * The options the IDE models traces with: the workspace's preferences, overridden by a project's
 * own when its property page enables them. Read where the modelling starts, so a change applies to
 * the next build.
 *
 * @param nlr     the options of nested loop recognition
 * @param threads ranks modelled at the same time
 * @param cache   whether local models of unchanged ranks are reused
 */
public record ModellingPreferences(NlrOptions nlr, int threads, boolean cache) {

	public static final String MAX_BODY = "nlr.maxBody";
	public static final String STACK_LIMIT = "nlr.stackLimit";
	public static final String AFFINE = "nlr.affine";
	public static final String THREADS = "threads";
	public static final String CACHE = "cache";
	/** In a project's preferences: whether they override the workspace's. */
	public static final String PROJECT_SPECIFIC = "projectSpecific";

	/** The options for the traces of {@code project} (the workspace's when null or not overriding). */
	public static ModellingPreferences of(@Nullable IProject project) {
		IEclipsePreferences node = InstanceScope.INSTANCE.getNode(LoopTraceUi.BUNDLE_ID);
		if (project != null) {
			IEclipsePreferences own = new ProjectScope(project).getNode(LoopTraceUi.BUNDLE_ID);
			if (own.getBoolean(PROJECT_SPECIFIC, false)) {
				node = own;
			}
		}
		IEclipsePreferences defaults = DefaultScope.INSTANCE.getNode(LoopTraceUi.BUNDLE_ID);
		return new ModellingPreferences(
				new NlrOptions(Math.max(1, node.getInt(MAX_BODY, defaults.getInt(MAX_BODY, NlrOptions.DEFAULT_MAX_BODY))),
						Math.max(1, node.getInt(STACK_LIMIT, defaults.getInt(STACK_LIMIT, NlrOptions.DEFAULT_STACK_LIMIT))),
						node.getBoolean(AFFINE, defaults.getBoolean(AFFINE, true))),
				Math.max(1, node.getInt(THREADS, defaults.getInt(THREADS, defaultThreads()))),
				node.getBoolean(CACHE, defaults.getBoolean(CACHE, true)));
	}

	static int defaultThreads() {
		return Runtime.getRuntime().availableProcessors();
	}

	/** The default values, registered by plugin.xml. */
	public static final class Initializer extends AbstractPreferenceInitializer {
		@Override
		public void initializeDefaultPreferences() {
			IScopeContext scope = DefaultScope.INSTANCE;
			IEclipsePreferences defaults = scope.getNode(LoopTraceUi.BUNDLE_ID);
			defaults.putInt(MAX_BODY, NlrOptions.DEFAULT_MAX_BODY);
			defaults.putInt(STACK_LIMIT, NlrOptions.DEFAULT_STACK_LIMIT);
			defaults.putBoolean(AFFINE, true);
			defaults.putInt(THREADS, defaultThreads());
			defaults.putBoolean(CACHE, true);
		}
	}
}
