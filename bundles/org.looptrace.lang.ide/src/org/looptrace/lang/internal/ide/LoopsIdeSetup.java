// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.internal.ide;

import org.eclipse.jdt.annotation.NonNullByDefault;
import org.eclipse.xtext.util.Modules2;
import org.looptrace.lang.internal.LoopsRuntimeModule;
import org.looptrace.lang.internal.LoopsStandaloneSetup;

import com.google.inject.Guice;
import com.google.inject.Injector;

/** Sets the language up with its IDE services (content assist), without the extension registry. */
@NonNullByDefault
public class LoopsIdeSetup extends LoopsStandaloneSetup {

	@Override
	public Injector createInjector() {
		return Guice.createInjector(Modules2.mixin(new LoopsRuntimeModule(), new LoopsIdeModule()));
	}
}
