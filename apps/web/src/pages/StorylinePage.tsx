import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Camera, CheckCircle2, Clock, Gauge, Search, Users, Zap } from 'lucide-react';
import type { TPricingTier, TStoryline } from '@ss/protocol';
import { Badge, Button, ButtonLink, Card, CardContent, Field, Input, LoadingState } from '../components/ui';
import { Page } from '../components/Page';
import { ErrorState } from '../components/States';
import { useStorylines } from '../features/storylines/queries';
import { formatPrice } from '../features/storylines/format';
import { paymentsApi, userIdProblem } from '../features/payments/paymentsApi';
import { TierCards } from '../features/payments/TierCards';
import { PromoCodeField, applyPromo, type AppliedPromo } from '../features/payments/PromoCodeField';
import { CheckoutDialog } from '../features/payments/CheckoutDialog';
import { paymentFailed, useCheckout } from '../features/payments/useCheckout';
import { ApiRequestError } from '../lib/api';
import { selectSignedIn, useSessionStore } from '../store/session';
import { toast } from '../store/toast';
import { SignOutButton } from '../features/auth/SignOutButton';

const INCLUDED = [
  { icon: Users, text: '20 unique characters' },
  { icon: Camera, text: 'Evidence gallery' },
  { icon: Search, text: 'Investigation system' },
  { icon: Zap, text: 'Real-time gameplay' },
];

function StorylineHeader() {
  const navigate = useNavigate();
  const signedIn = useSessionStore(selectSignedIn);
  const user = useSessionStore((s) => s.user);
  return (
    <header className="border-b border-ink-700/80 bg-ink-900/80 pt-safe backdrop-blur">
      <div className="mx-auto flex max-w-5xl items-center justify-between gap-3 px-safe py-2">
        <Button variant="ghost" onClick={() => (window.history.length > 1 ? navigate(-1) : navigate('/'))}>
          <ArrowLeft aria-hidden className="size-4" />
          Back
        </Button>
        {signedIn && user ? (
          <div className="flex items-center gap-2">
            <span className="truncate text-sm text-paper-200" data-testid="header-display-name">
              {user.displayName}
            </span>
            <SignOutButton />
          </div>
        ) : (
          <ButtonLink to="/auth" variant="outline" className="text-sm">
            Sign In
          </ButtonLink>
        )}
      </div>
    </header>
  );
}

function Preview({ s }: { s: TStoryline }) {
  if (s.videoUrl) {
    return <video className="aspect-video w-full rounded-xl bg-black object-cover" src={s.videoUrl} poster={s.imageUrl} controls playsInline preload="metadata" />;
  }
  return <img className="aspect-video w-full rounded-xl object-cover" src={s.imageUrl} alt={s.imageAlt} />;
}

export default function StorylinePage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const storylines = useStorylines();
  const storyline = storylines.data?.find((s) => s.id === id);
  const tiers = useQuery({ queryKey: ['pricing-tiers', id], queryFn: () => paymentsApi.tiers(id), enabled: Boolean(storyline) });
  const signedIn = useSessionStore(selectSignedIn);
  const user = useSessionStore((s) => s.user);

  const [tierId, setTierId] = useState<string | null>(null);
  const [promo, setPromo] = useState<AppliedPromo | null>(null);
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const checkout = useCheckout();

  const tierList = useMemo(() => tiers.data ?? [], [tiers.data]);
  useEffect(() => {
    if (!tierId && tierList[0]) setTierId(tierList[0].id);
  }, [tierId, tierList]);
  const tier: TPricingTier | undefined = tierList.find((t) => t.id === tierId);

  if (storylines.isPending) {
    return (
      <>
        <StorylineHeader />
        <LoadingState label="Loading storyline…" />
      </>
    );
  }
  if (!storyline) {
    return (
      <>
        <StorylineHeader />
        <Page className="py-10">
          <ErrorState
            title={storylines.isError ? 'Failed to fetch storylines' : 'Storyline not found'}
            message="This storyline does not exist or is no longer available."
            action={<ButtonLink to="/">Return Home</ButtonLink>}
          />
        </Page>
      </>
    );
  }

  const comingSoon = storyline.status === 'coming_soon';

  /** A purchase needs a sign-in: a signed-out user is sent to /auth; the user id must exist and be UUID-shaped. */
  function requireSignIn(): string | null {
    if (!signedIn) {
      toast({ title: 'Authentication Required', description: 'Please sign in to purchase storylines', variant: 'destructive' });
      navigate('/auth');
      return null;
    }
    const problem = userIdProblem(user?.id);
    if (problem) {
      toast({ title: 'Payment Error', description: problem, variant: 'destructive' });
      return null;
    }
    return user?.id ?? null;
  }

  async function purchase() {
    const userId = requireSignIn();
    if (!userId || !tier || !storyline) return;
    setBusy(true);
    try {
      const res = await paymentsApi.createIntent({
        userId,
        storylineId: storyline.id,
        pricingTierId: tier.id,
        playerCount: tier.minPlayers,
        ...(promo ? { discountCode: promo.code } : {}),
      });
      await checkout.start('purchase', res);
    } catch (err) {
      paymentFailed(err);
    } finally {
      setBusy(false);
    }
  }

  async function prepurchase(e: FormEvent) {
    e.preventDefault();
    const userId = requireSignIn();
    if (!userId || !storyline) return;
    if (!email.trim() || !tier) {
      toast({ title: 'Missing Information', description: 'Please fill in all required fields', variant: 'destructive' });
      return;
    }
    setBusy(true);
    try {
      const res = await paymentsApi.createPrepurchaseIntent({
        userId,
        storylineId: storyline.id,
        pricingTierId: tier.id,
        playerCount: tier.maxPlayers || 10,
        email: email.trim(),
        amountCents: tier.priceCents,
      });
      await checkout.start('prepurchase', res);
    } catch (err) {
      const msg = err instanceof ApiRequestError && err.status === 400 ? err.serverMessage : null;
      toast({ title: msg ? 'Missing Information' : 'Error', description: msg ?? 'Something went wrong. Please try again.', variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  const total = tier ? applyPromo(tier.priceCents, promo) : 0;

  return (
    <>
      <StorylineHeader />
      <Page wide className="flex flex-col gap-8 py-6">
        <section className="grid gap-6 md:grid-cols-2 md:items-start">
          <Preview s={storyline} />
          <div className="flex flex-col gap-3">
            {comingSoon ? (
              <Badge variant="warning" className="w-fit">
                In Development
              </Badge>
            ) : null}
            <h1 className="font-display text-3xl font-bold text-paper-50 sm:text-4xl">{storyline.title}</h1>
            <p className="text-paper-200">{storyline.summary}</p>
            <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm text-paper-200">
              <li className="flex items-center gap-1.5">
                <Users aria-hidden className="size-4 text-lamp-300" />
                {storyline.minPlayers}-{storyline.maxPlayers} players
              </li>
              {storyline.caseCount > 1 ? (
                <li className="flex items-center gap-1.5" data-testid="case-count">
                  <Search aria-hidden className="size-4 text-lamp-300" />
                  {storyline.caseCount} cases: the same cast, a different solution
                </li>
              ) : null}
              <li className="flex items-center gap-1.5">
                <Clock aria-hidden className="size-4 text-lamp-300" />
                {storyline.duration || '120 minutes'}
              </li>
              <li className="flex items-center gap-1.5">
                <Gauge aria-hidden className="size-4 text-lamp-300" />
                {storyline.difficulty || 'Intermediate'}
              </li>
            </ul>
          </div>
        </section>

        {tiers.isPending ? (
          <LoadingState label="Loading prices…" />
        ) : tiers.isError ? (
          <ErrorState title="Could not load prices" message="Please refresh the page to try again." />
        ) : (
          <TierCards tiers={tierList} value={tierId} onChange={setTierId} finalPriceCents={(t) => applyPromo(t.priceCents, comingSoon ? null : promo)} />
        )}

        <section aria-labelledby="included-heading">
          <h2 id="included-heading" className="mb-3 font-display text-2xl font-bold text-paper-50">
            What&apos;s Included
          </h2>
          <ul className="grid gap-2 sm:grid-cols-2">
            {INCLUDED.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-center gap-2 text-paper-200">
                <Icon aria-hidden className="size-5 text-lamp-300" />
                {text}
              </li>
            ))}
          </ul>
        </section>

        <Card>
          <CardContent className="flex flex-col gap-4 pt-4 sm:pt-5">
            {comingSoon && !storyline.onSale ? (
              // Its range, tiers and summary do not agree yet: the server would refuse the prepurchase.
              <p className="text-paper-200" data-testid="not-on-sale">
                This storyline is still in development and not on sale yet. Come back soon.
              </p>
            ) : comingSoon ? (
              <form onSubmit={prepurchase} className="flex flex-col gap-4" noValidate>
                <p className="text-paper-200">
                  This storyline is still in development. Prepurchase it now and we will e-mail you when it is ready to play.
                </p>
                <Field id="prepurchase-email" label="Email for release notice">
                  <Input id="prepurchase-email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
                </Field>
                <Button type="submit" size="lg" block disabled={busy}>
                  {busy ? 'Please wait…' : `Prepurchase${tier ? ` · ${formatPrice(tier.priceCents)}` : ''}`}
                </Button>
              </form>
            ) : (
              <>
                <PromoCodeField applied={promo} onApplied={setPromo} />
                <p className="flex items-baseline justify-between text-paper-100">
                  <span>Total</span>
                  <span className="text-2xl font-bold text-lamp-200" data-testid="purchase-total">
                    {tier ? formatPrice(total) : '—'}
                  </span>
                </p>
                <Button size="lg" block disabled={busy || !tier} onClick={() => void purchase()}>
                  {busy ? 'Please wait…' : total <= 0 && tier ? 'Get it free' : 'Purchase & Play'}
                </Button>
              </>
            )}
            <p className="flex items-center justify-center gap-2 text-sm text-paper-300">
              <CheckCircle2 aria-hidden className="size-4 text-moss-300" />
              100% money-back guarantee
            </p>
          </CardContent>
        </Card>
      </Page>
      <CheckoutDialog
        pending={checkout.pending}
        confirming={checkout.confirming}
        title={storyline.title}
        onPaid={() => void checkout.onPaid()}
        onCancel={checkout.cancel}
      />
    </>
  );
}
