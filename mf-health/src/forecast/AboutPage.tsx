import { LIPID_TARGETS } from '@sukoyaka/contract/forecast';
import { AppLink, Card, Heading, PageLayout, SectionHeading, Stack, Text, usePageTitle } from '@sukoyaka/shared';

/** `/health_forecasts/simulations/about`: the model, its source, its limits, and when to see a doctor. */
export function ForecastAboutPage() {
  usePageTitle('健康予報について');
  return (
    <PageLayout>
      <Stack $gap={3}>
        <Heading>健康予報について</Heading>
        <Card aria-labelledby="about-model">
          <Stack $gap={1}>
            <SectionHeading id="about-model">どのように予測しているか</SectionHeading>
            <Text>
              福岡県久山町の住民を長年追跡した研究（久山町研究）から作られた「久山町スコア」を使っています。性別、収縮期血圧、耐糖能異常（血糖値がやや高め）、LDLコレステロール、HDLコレステロール、喫煙の6項目を点数にして合計し（0〜19点）、年齢（40〜49歳・50〜59歳・60〜69歳・70〜79歳）ごとの表から、10年以内に冠動脈疾患（心筋梗塞・狭心症）とアテローム血栓性脳梗塞を発症する確率を求めます。
            </Text>
            <Text>
              確率に応じて、2%未満を「低リスク」、2%以上10%未満を「中リスク」、10%以上を「高リスク」とし、それぞれのLDLコレステロールの管理目標（
              {LIPID_TARGETS.low.ldlBelow}・{LIPID_TARGETS.middle.ldlBelow}・{LIPID_TARGETS.high.ldlBelow}mg/dL未満）を示します。
            </Text>
          </Stack>
        </Card>
        <Card aria-labelledby="about-source">
          <Stack $gap={1}>
            <SectionHeading id="about-source">出典</SectionHeading>
            <ul style={{ margin: 0, paddingLeft: '1.25rem' }}>
              <li>
                Honda T, et al. Development and Validation of a Risk Prediction Model for Atherosclerotic Cardiovascular Disease in Japanese
                Adults: The Hisayama Study. J Atheroscler Thromb 2022;29(3):345-361.
              </li>
              <li>日本動脈硬化学会「動脈硬化性疾患予防ガイドライン2022年版」</li>
            </ul>
            <Text $muted>
              「耐糖能異常」は、空腹時血糖110〜125mg/dL（境界型）を基本とし、健診でHbA1cしか測っていない方のため、HbA1c
              6.0〜6.4%も「あり」として扱っています（このサービス独自の扱いです）。
            </Text>
          </Stack>
        </Card>
        <Card aria-labelledby="about-limits">
          <Stack $gap={1}>
            <SectionHeading id="about-limits">この予測でわからないこと</SectionHeading>
            <ul style={{ margin: 0, paddingLeft: '1.25rem' }}>
              <li>これは診断ではありません。集団の統計から計算した目安で、あなたが発症するかどうかを言い当てるものではありません。</li>
              <li>
                40歳未満・80歳以上の方、糖尿病・慢性腎臓病・末梢動脈疾患のある方、心筋梗塞や脳梗塞の治療歴がある方は、計算の対象外です（ガイドラインでは別の考え方でリスクを分類します）。
              </li>
              <li>家族性高コレステロール血症、肥満、家族歴など、スコアに含まれない危険因子は反映されていません。</li>
              <li>健診の値は1回の測定です。血圧やコレステロールは日によって変わります。</li>
            </ul>
          </Stack>
        </Card>
        <Card aria-labelledby="about-doctor">
          <Stack $gap={1}>
            <SectionHeading id="about-doctor">医療機関に相談してほしいとき</SectionHeading>
            <ul style={{ margin: 0, paddingLeft: '1.25rem' }}>
              <li>結果が「高リスク」だったとき、または健診で「要受診」「要精密検査」と言われたとき。</li>
              <li>血圧が160/100mmHg以上、LDLコレステロールが180mg/dL以上など、値が大きく基準を超えているとき。</li>
              <li>
                胸の痛みや圧迫感、片側の手足のまひ、ろれつが回らないなどの症状があるときは、予測に関係なく、すぐに救急車（119番）を呼んでください。
              </li>
            </ul>
          </Stack>
        </Card>
        <Text>
          <AppLink href="/health_forecasts/simulations">健康予報にもどる</AppLink>
          {' ・ '}
          <AppLink href="/doctor_profile01">監修医師のご紹介</AppLink>
        </Text>
      </Stack>
    </PageLayout>
  );
}
